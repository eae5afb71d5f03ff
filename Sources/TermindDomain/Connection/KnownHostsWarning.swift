/// A known_hosts line that could not be read: skipped, never fatal (docs/behaviour.md §2).
public struct KnownHostsWarning: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file):\(line): skipped: \(reason)" }
}
