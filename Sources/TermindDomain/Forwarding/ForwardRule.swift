import Foundation

/// One port-forwarding rule, as `ssh -L`, `-R` and `-D` spell it: where to listen and, for
/// local and remote rules, where the other side connects. A listener binds to loopback unless
/// the rule names an address (OpenSSH's `GatewayPorts no`); port 0 asks for any free port.
public struct ForwardRule: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable, Hashable, Codable {
        /// `-L`: listen here, connect from the server (`direct-tcpip`).
        case local = "L"
        /// `-R`: the server listens (`tcpip-forward`), connect from here.
        case remote = "R"
        /// `-D`: listen here as a SOCKS4a/5 proxy, connect from the server.
        case dynamic = "D"
    }

    public let kind: Kind
    /// The listening address as given (nil: loopback); `*` means every interface.
    public let bindAddress: String?
    public let bindPort: Int
    /// Where connections go (nil for a dynamic rule: each SOCKS client says).
    public let targetHost: String?
    public let targetPort: Int?

    public init(kind: Kind, bindAddress: String?, bindPort: Int, targetHost: String?, targetPort: Int?) {
        self.kind = kind
        self.bindAddress = bindAddress
        self.bindPort = bindPort
        self.targetHost = targetHost
        self.targetPort = targetPort
    }

    /// Parses `[bind:]port:host:port` (local, remote) or `[bind:]port` (dynamic); IPv6
    /// addresses go in brackets (`[::1]:8080:[::1]:80`).
    public init(_ kind: Kind, parsing text: String) throws(ForwardRuleError) {
        let fields = try Self.fields(of: text)
        func port(_ field: String, allowsZero: Bool, _ what: String) throws(ForwardRuleError) -> Int {
            guard let value = Int(field), value >= (allowsZero ? 0 : 1), value <= 65_535 else {
                throw ForwardRuleError(rule: text, reason: "\(what) '\(field)' is not a port (\(allowsZero ? 0 : 1)-65535)")
            }
            return value
        }
        switch (kind, fields.count) {
        case (.dynamic, 1), (.dynamic, 2):
            let bind = fields.count == 2 ? fields[0] : nil
            self.init(kind: kind, bindAddress: bind, bindPort: try port(fields.last!, allowsZero: true, "the listening port"),
                      targetHost: nil, targetPort: nil)
        case (.local, 3), (.local, 4), (.remote, 3), (.remote, 4):
            let bind = fields.count == 4 ? fields[0] : nil
            let rest = fields.suffix(3).map { $0 }
            guard !rest[1].isEmpty else { throw ForwardRuleError(rule: text, reason: "the target host is empty") }
            self.init(kind: kind, bindAddress: bind, bindPort: try port(rest[0], allowsZero: true, "the listening port"),
                      targetHost: rest[1], targetPort: try port(rest[2], allowsZero: false, "the target port"))
        case (.dynamic, _):
            throw ForwardRuleError(rule: text, reason: "-D takes [bind_address:]port")
        default:
            throw ForwardRuleError(rule: text, reason: "-\(kind.rawValue) takes [bind_address:]port:host:hostport")
        }
        if let bindAddress, bindAddress.isEmpty {
            throw ForwardRuleError(rule: text, reason: "the bind address is empty")
        }
    }

    /// Splits on colons outside brackets and takes the brackets off.
    private static func fields(of text: String) throws(ForwardRuleError) -> [String] {
        guard text.utf8.count <= 1024 else { throw ForwardRuleError(rule: String(text.prefix(40)) + "…", reason: "it is too long") }
        var fields: [String] = []
        var current = ""
        var inBrackets = false
        for character in text {
            switch character {
            case "[" where current.isEmpty && !inBrackets: inBrackets = true
            case "]" where inBrackets: inBrackets = false
            case ":" where !inBrackets:
                fields.append(current)
                current = ""
            default: current.append(character)
            }
        }
        guard !inBrackets else { throw ForwardRuleError(rule: text, reason: "a '[' is not closed") }
        fields.append(current)
        return fields
    }

    /// Parses a rule as Hosts and `hosts edit --forward` write it: its kind, a space, its
    /// specification (`L 8080:localhost:80`, `-D 1080` as well).
    public init(parsingStored text: String) throws(ForwardRuleError) {
        var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
        if trimmed.hasPrefix("-") { trimmed = trimmed.dropFirst() }
        guard let letter = trimmed.first, let kind = Kind(rawValue: String(letter).uppercased()),
              trimmed.dropFirst().first?.isWhitespace == true else {
            throw ForwardRuleError(rule: text, reason: "give the kind first: 'L 8080:localhost:80', 'R 9000:localhost:3000' or 'D 1080'")
        }
        try self.init(kind, parsing: trimmed.dropFirst().trimmingCharacters(in: .whitespaces))
    }

    /// `L 127.0.0.1:8080:localhost:80`: how a Host shows and stores the rule.
    public var stored: String { "\(kind.rawValue) \(specification)" }

    /// The rule as `ssh` spells it after its flag: `127.0.0.1:8080:localhost:80`.
    public var specification: String {
        func bracketed(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
        var parts: [String] = []
        if let bindAddress { parts.append(bracketed(bindAddress)) }
        parts.append(String(bindPort))
        if let targetHost, let targetPort { parts += [bracketed(targetHost), String(targetPort)] }
        return parts.joined(separator: ":")
    }

    /// `-L 127.0.0.1:8080:localhost:80`.
    public var description: String { "-\(kind.rawValue) \(specification)" }
}
