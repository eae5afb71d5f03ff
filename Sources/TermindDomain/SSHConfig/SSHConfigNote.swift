/// Something the reader did not import or could not read, with the line that caused it, so the
/// import preview can say why a setting is missing.
public struct SSHConfigNote: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var location: SSHConfigLocation
    /// The keyword of the line in its canonical spelling (`ProxyCommand`, `Match`, `Include`...),
    /// as written when OpenSSH does not know it, or "" for a whole file.
    public var keyword: String
    public var message: String
    /// A line OpenSSH counts as a bad option: ssh then refuses the whole configuration (or, when
    /// the line is bad only for some names, every one of those), so nothing it covers is imported.
    public var refusedByOpenSSH: Bool

    public init(location: SSHConfigLocation, keyword: String, message: String, refusedByOpenSSH: Bool = false) {
        self.location = location
        self.keyword = keyword
        self.message = message
        self.refusedByOpenSSH = refusedByOpenSSH
    }

    public var description: String {
        keyword.isEmpty ? "\(location): \(message)" : "\(location): \(keyword): \(message)"
    }
}
