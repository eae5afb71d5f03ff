/// One ProxyJump hop read as OpenSSH reads it: `[user@]host[:port]` or
/// `ssh://[user@]host[:port]` (the user URL-decoded), brackets removed from `[address]`.
public struct SSHConfigJumpHop: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var user: String?
    public var host: String
    /// nil when the hop names no port (the hop's own configuration decides).
    public var port: Int?

    public init(user: String? = nil, host: String, port: Int? = nil) {
        self.user = user
        self.host = host
        self.port = port
    }

    /// The hop as `ssh -G` prints it: addresses (a `:` or only digits and dots) in brackets.
    public var description: String {
        let numeric = host.contains(":") || host.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
        return (user.map { "\($0)@" } ?? "") + (numeric ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
    }
}
