/// Something the reader did not import or could not read, with the line that caused it, so the
/// import preview can say why a setting is missing. Reading always goes on past a note.
public struct SSHConfigNote: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var location: SSHConfigLocation
    /// The keyword of the line in its canonical spelling (`ProxyCommand`, `Match`, `Include`...),
    /// as written when OpenSSH does not know it, or "" for a whole file.
    public var keyword: String
    public var message: String

    public init(location: SSHConfigLocation, keyword: String, message: String) {
        self.location = location
        self.keyword = keyword
        self.message = message
    }

    public var description: String {
        keyword.isEmpty ? "\(location): \(message)" : "\(location): \(keyword): \(message)"
    }
}
