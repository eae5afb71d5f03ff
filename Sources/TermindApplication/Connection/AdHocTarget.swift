import TermindDomain

/// A destination that is not in the Vault, as typed on the command line: `[user@]hostname[:port]`
/// (also `ssh://[user@]hostname[:port]`), an IPv6 address in brackets when a port follows
/// (`[::1]:2222`) or bare without one (`::1`, `fe80::1%eth0`), with `-l USER` and `-i KEYFILE`.
/// Lets a script connect without saving anything.
///
/// As in OpenSSH, the user name is the last `@`'s left side, and `-l` wins over `user@`.
/// A plain value, `Sendable`.
public struct AdHocTarget: Sendable, Equatable {
    /// The user from `-l` or `user@`; nil leaves it to the local user name.
    public let username: String?
    /// The hostname or address, without brackets.
    public let hostname: String
    public let port: Int
    /// The `-i` key, tried first.
    public let keyFile: AdHocKeyFile?

    /// Checks the parts: a hostname as `Host` allows, a port from 1 to 65535, a user name that
    /// can be sent.
    public init(username: String?, hostname: String, port: Int = 22, keyFile: AdHocKeyFile? = nil) throws(AdHocTargetError) {
        if let username { try Self.checkUser(username) }
        do {
            try Host.checkHostname(hostname)
        } catch {
            throw .invalidDestination(hostname, reason: Self.reason(error))
        }
        guard (1...65535).contains(port) else {
            throw .invalidDestination(hostname, reason: "port \(port) is out of range: use 1 to 65535")
        }
        self.username = username
        self.hostname = hostname
        self.port = port
        self.keyFile = keyFile
    }

    /// Reads `[user@]hostname[:port]` (with `Destination`, the one reader of that text).
    /// - Parameters:
    ///   - text: the destination as typed.
    ///   - loginName: `-l USER`, which wins over a `user@` in `text`.
    ///   - keyFile: `-i KEYFILE`, already read.
    public init(parsing text: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil) throws(AdHocTargetError) {
        let destination: Destination
        do {
            destination = try Destination(parsing: text)
        } catch .passwordInUser(let user) {
            throw .invalidUser(user + ":…", reason: DestinationSyntaxError.passwordInUser(user).reason)
        } catch {
            throw .invalidDestination(text, reason: error.reason)
        }
        try self.init(
            username: loginName ?? destination.username, hostname: destination.hostname, port: destination.port ?? 22,
            keyFile: keyFile)
    }

    /// Whether the hostname is an IPv6 address (it holds colons).
    public var isIPv6: Bool { hostname.contains(":") }

    /// The hostname as written before `:port`: IPv6 addresses in brackets.
    public var hostForDisplay: String { isIPv6 ? "[\(hostname)]" : hostname }

    /// `user@hostname:port`, how messages and interactions name an ad-hoc connection.
    public func label(username: String) -> String { "\(username)@\(hostForDisplay):\(port)" }

    // MARK: Checks

    /// Checks a user name (from `-l` or `user@`) that will be sent to a server: not empty, not
    /// an option (`-o...`), no whitespace or control characters.
    public static func checkUser(_ user: String) throws(AdHocTargetError) {
        guard !user.isEmpty else { throw .invalidUser(user, reason: "it is empty") }
        guard !user.hasPrefix("-") else { throw .invalidUser(user, reason: "it cannot start with '-'") }
        guard !user.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { throw .invalidUser(user, reason: "it cannot contain whitespace or control characters") }
    }

    private static func reason(_ violation: VaultRuleViolation) -> String {
        if case .invalidHostname(_, let reason) = violation { return reason }
        return violation.description
    }
}
