import TermindDomain

/// A trust record read from a known_hosts file outside the Vault (`~/.ssh/known_hosts`),
/// with the file and line it came from, so a failure can say where the old key lives.
/// Such records are consulted read-only; Termind never writes those files.
public struct KnownHostsFileRecord: Sendable, Equatable {
    public let record: KnownHost
    /// The file's path as read.
    public let file: String
    /// The 1-based line number in `file`.
    public let line: Int

    public init(record: KnownHost, file: String, line: Int) {
        self.record = record
        self.file = file
        self.line = line
    }

    /// `FILE:LINE`, as compilers and `ssh` name a line.
    public var location: String { "\(file):\(line)" }
}
