/// Where something was written in an ssh_config file: the file as it was reached (the path given
/// to the reader or produced by an `Include` glob) and its 1-based line number. Line 0 stands for
/// the file as a whole (it could not be read).
public struct SSHConfigLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { line > 0 ? "\(file):\(line)" : file }
}
