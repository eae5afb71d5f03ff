/// A destination as typed on the command line, `[user@]hostname[:port]`, read the way OpenSSH
/// reads it: the one reader of host and port text in Termind.
///
/// - `ssh://[user@]hostname[:port][/]` is the same destination.
/// - The user is what is left of the last `@` (`first.last@corp@jump` is user `first.last@corp`).
/// - An IPv6 address goes in brackets when a port follows (`[::1]:2222`) and may stand bare
///   without one (`::1`, `fe80::1%eth0`); any other text with two colons is refused.
///
/// `AdHocTarget` (exec, ssh, known-hosts check) reads whole arguments with `init(parsing:)`;
/// `HOST:PATH` arguments (cp, ls, mkdir, rm) find where their destination ends with
/// `splitRemotePath(_:)`, so both agree on brackets and ports. Only the shape is read here: the
/// hostname's and user's characters are checked by whoever uses them. A plain value, `Sendable`.
public struct Destination: Sendable, Equatable {
    /// The user from `user@`, as typed; nil when there is none.
    public let username: String?
    /// The hostname or address, without brackets.
    public let hostname: String
    /// The port after `:`, from 1 to 65535; nil when none was typed.
    public let port: Int?

    public init(username: String?, hostname: String, port: Int?) {
        self.username = username
        self.hostname = hostname
        self.port = port
    }

    /// Reads `[user@]hostname[:port]`.
    public init(parsing text: String) throws(DestinationSyntaxError) {
        var rest = Substring(text)
        guard !rest.isEmpty else { throw .empty }
        if rest.hasPrefix("ssh://") {
            rest = rest.dropFirst("ssh://".count)
            if rest.hasSuffix("/") { rest = rest.dropLast() }
        }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            let typed = rest[..<at]
            guard !typed.isEmpty else { throw .noUserBeforeAt }
            // user:password@host: never keep what follows the colon.
            if let colon = typed.firstIndex(of: ":") { throw .passwordInUser(String(typed[..<colon])) }
            user = String(typed)
            rest = rest[rest.index(after: at)...]
        }
        let (hostname, portText) = try Self.splitHostAndPort(rest)
        guard !hostname.isEmpty else { throw .noHostname }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, Self.isDigits(portText), let value = Int(portText),
                (1...65535).contains(value)
            else { throw .badPort(String(portText)) }
            port = value
        }
        self.init(username: user, hostname: String(hostname), port: port)
    }

    /// Splits a `DESTINATION:PATH` argument the way `scp` does, or returns nil when `text` is a
    /// local path (no `:`, or a `/` before the first `:`).
    ///
    /// The destination ends at the first `:` (after the `]` of a bracketed IPv6 address, with or
    /// without `user@` before it); when what follows is a port and another `:` (`web:2222:/srv`,
    /// `[::1]:2222:/srv`), the port belongs to the destination. The path may be empty (`web:`).
    public static func splitRemotePath(_ text: String) throws(DestinationSyntaxError) -> (destination: String, path: String)? {
        var hostEnd: String.Index
        // `[::1]:/srv` or `root@[::1]:/srv`: the address in brackets holds the colons. A local
        // name such as `a@[1].txt` (no colon after it, or a slash before it) stays local.
        var bracket = text.hasPrefix("[") ? text.startIndex : nil
        if bracket == nil, let at = text.range(of: "@["), !text[..<at.lowerBound].contains(where: { $0 == "/" || $0 == ":" }),
            text[at.upperBound...].contains(":")
        {
            bracket = text.index(before: at.upperBound)
        }
        if let bracket {
            guard let close = text[bracket...].firstIndex(of: "]") else { throw .unclosedBracket }
            let after = text.index(after: close)
            guard after < text.endIndex, text[after] == ":" else { throw .noPathAfterBracket }
            hostEnd = after
        } else {
            guard let colon = text.firstIndex(of: ":") else { return nil }
            if let slash = text.firstIndex(of: "/"), slash < colon { return nil }
            hostEnd = colon
        }
        let rest = text[text.index(after: hostEnd)...]
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].isEmpty, isDigits(rest[..<colon]) {
            hostEnd = colon
        }
        guard hostEnd > text.startIndex else { throw .noHostBeforeColon }
        return (String(text[..<hostEnd]), String(text[text.index(after: hostEnd)...]))
    }

    // MARK: Reading

    private static func splitHostAndPort(_ rest: Substring) throws(DestinationSyntaxError) -> (Substring, Substring?) {
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { throw .unclosedBracket }
            let host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if host.contains(":") && !isIPv6Literal(host) { throw .notIPv6InBrackets(String(host)) }
            if after.isEmpty { return (host, nil) }
            guard after.first == ":" else { throw .textAfterBracket }
            return (host, after.dropFirst())
        }
        if rest.contains("[") || rest.contains("]") { throw .bracketsInside }
        switch rest.filter({ $0 == ":" }).count {
        case 0:
            return (rest, nil)
        case 1:
            let colon = rest.firstIndex(of: ":")!
            return (rest[..<colon], rest[rest.index(after: colon)...])
        default:
            guard isIPv6Literal(rest) else { throw .bareColons }
            return (rest, nil)
        }
    }

    private static func isDigits(_ text: Substring) -> Bool {
        text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Hex digits, colons and dots (an embedded IPv4 tail), at most one `::`, and an optional
    /// `%zone`. Loose on purpose: the resolver has the last word.
    static func isIPv6Literal(_ text: Substring) -> Bool {
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
}
