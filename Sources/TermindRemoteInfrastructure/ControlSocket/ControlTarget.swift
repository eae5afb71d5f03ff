import TermindDomain

/// Which connection a control socket serves: the Vault in use (its database file), the label
/// the connection was opened for (a Vault Host's, or `user@host:port` for an ad-hoc target) and
/// the user, hostname and port it resolved to. Two Vaults may hold the same label for
/// different servers, and one label's Host may be edited to point elsewhere: the socket's name
/// is a digest of all of it, so a client finds only a socket for exactly its destination.
public struct ControlTarget: Sendable, Hashable {
    public let vault: String
    public let label: String
    public let username: String
    public let hostname: String
    public let port: Int

    public init(vault: String, label: String, username: String, hostname: String, port: Int) {
        self.vault = vault
        self.label = label
        self.username = username
        self.hostname = hostname
        self.port = port
    }

    /// The socket's file name: the first 128 bits of the SHA-256 of the fields, in hex.
    public var socketName: String {
        let text = ["termind-control-1", vault, label, username, hostname.lowercased(), String(port)].joined(separator: "\u{0}")
        return String(ContentDigest.hex(of: Array(text.utf8)).prefix(32)) + ".sock"
    }

    /// Whether a server's identity is this target's (the user, hostname and port it reports).
    func matches(_ identity: ControlIdentity) -> Bool {
        identity.username == username && identity.hostname.lowercased() == hostname.lowercased() && identity.port == port
    }
}
