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

    /// Reads `[user@]hostname[:port]`.
    /// - Parameters:
    ///   - text: the destination as typed.
    ///   - loginName: `-l USER`, which wins over a `user@` in `text`.
    ///   - keyFile: `-i KEYFILE`, already read.
    public init(parsing text: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil) throws(AdHocTargetError) {
        var rest = Substring(text)
        guard !rest.isEmpty else { throw .invalidDestination(text, reason: "it is empty") }
        if rest.hasPrefix("ssh://") {
            rest = rest.dropFirst("ssh://".count)
            if rest.hasSuffix("/") { rest = rest.dropLast() }
        }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            let typed = rest[..<at]
            guard !typed.isEmpty else { throw .invalidDestination(text, reason: "there is no user name before '@'") }
            if let colon = typed.firstIndex(of: ":") {
                // user:password@host: never repeat what follows the colon.
                throw .invalidUser(
                    String(typed[..<colon]) + ":…",
                    reason: "a password cannot be part of the destination; store it in an Identity or answer the prompt")
            }
            user = String(typed)
            rest = rest[rest.index(after: at)...]
        }
        let (hostname, portText) = try Self.splitHostAndPort(rest, text: text)
        guard !hostname.isEmpty else { throw .invalidDestination(text, reason: "there is no hostname") }
        var port = 22
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(portText), (1...65535).contains(value)
            else {
                throw .invalidDestination(text, reason: "the port '\(portText)' is not a number from 1 to 65535")
            }
            port = value
        }
        try self.init(username: loginName ?? user, hostname: hostname, port: port, keyFile: keyFile)
    }

    /// Whether the hostname is an IPv6 address (it holds colons).
    public var isIPv6: Bool { hostname.contains(":") }

    /// The hostname as written before `:port`: IPv6 addresses in brackets.
    public var hostForDisplay: String { isIPv6 ? "[\(hostname)]" : hostname }

    /// `user@hostname:port`, how messages and interactions name an ad-hoc connection.
    public func label(username: String) -> String { "\(username)@\(hostForDisplay):\(port)" }

    // MARK: Reading

    private static func splitHostAndPort(_ rest: Substring, text: String) throws(AdHocTargetError) -> (String, String?) {
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else {
                throw .invalidDestination(text, reason: "'[' has no matching ']'")
            }
            let host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if host.contains(":") && !isIPv6Literal(host) {
                throw .invalidDestination(text, reason: "'\(host)' is not an IPv6 address")
            }
            if after.isEmpty { return (host, nil) }
            guard after.first == ":" else {
                throw .invalidDestination(text, reason: "only ':port' may follow ']'")
            }
            return (host, String(after.dropFirst()))
        }
        if rest.contains("[") || rest.contains("]") {
            throw .invalidDestination(text, reason: "brackets go around the whole address, as in [::1]:2222")
        }
        switch rest.filter({ $0 == ":" }).count {
        case 0:
            return (String(rest), nil)
        case 1:
            let colon = rest.firstIndex(of: ":")!
            return (String(rest[..<colon]), String(rest[rest.index(after: colon)...]))
        default:
            guard isIPv6Literal(String(rest)) else {
                throw .invalidDestination(
                    text, reason: "it is not an IPv6 address; an IPv6 address with a port goes in brackets, as in [::1]:2222")
            }
            return (String(rest), nil)
        }
    }

    /// Hex digits, colons and dots (an embedded IPv4 tail), at most one `::`, and an optional
    /// `%zone`. Loose on purpose: the resolver has the last word.
    static func isIPv6Literal(_ text: String) -> Bool {
        let parts = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        let address = parts[0]
        if parts.count == 2 {
            let zone = parts[1]
            guard !zone.isEmpty, zone.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            else { return false }
        }
        guard address.filter({ $0 == ":" }).count >= 2,
            address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
        else { return false }
        var doubleColons = 0
        var previousWasColon = false
        for character in address {
            if character == ":" && previousWasColon { doubleColons += 1 }
            previousWasColon = character == ":"
        }
        return doubleColons <= 1
    }

    private static func checkUser(_ user: String) throws(AdHocTargetError) {
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
