/// Where a preview item comes from: a file, and a line when the item is one line of it (a config
/// `Host`, a known_hosts record), printed `file:line` as compilers and OpenSSH print places.
public struct ImportLocation: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int?

    public init(file: String, line: Int? = nil) {
        self.file = file
        self.line = line
    }

    public var description: String { line.map { "\(file):\($0)" } ?? file }
}
