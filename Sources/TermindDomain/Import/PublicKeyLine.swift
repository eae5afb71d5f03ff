import Foundation

/// One public key line as `.pub` and `authorized_keys` files hold it: optional options
/// (`from="10.0.0.1",no-pty`), the key type, the base64 key, an optional comment. Reading follows
/// OpenSSH's `sshkey_read`/`auth_parse_options` closely enough to tell these lines from known_hosts
/// and config lines: the type must be the one the key blob names.
///
/// A pure value; safe to pass between threads.
public struct PublicKeyLine: Sendable, Equatable {
    /// The options field of an authorized_keys line, nil when there is none.
    public let options: String?
    public let keyType: String
    public let blob: [UInt8]
    public let comment: String

    /// Options OpenSSH accepts in authorized_keys (sshd(8), AUTHORIZED_KEYS FILE FORMAT;
    /// `sshauthopt_parse`); a first field made only of these is options, not a known_hosts host
    /// pattern. Flags take no value; those sshd reads with `opt_flag(name, 1, …)` may also be
    /// negated with `no-`.
    static let flags: Set<String> = ["restrict", "cert-authority"]
    static let negatableFlags: Set<String> = [
        "agent-forwarding", "port-forwarding", "pty", "touch-required", "user-rc", "verify-required", "x11-forwarding",
    ]
    /// Options whose value sshd takes only as `name="value"` (`opt_match`, then `opt_dequote`).
    static let valuedOptions: Set<String> = [
        "command", "environment", "expiry-time", "from", "permitlisten", "permitopen", "principals", "tunnel",
    ]

    /// Reads a line (no line terminator); nil when it is not a key line.
    public init?<Line: StringProtocol>(_ line: Line) {
        let text = Self.trimmingBlanks(String(line))
        if let key = Self.keyFields(text) {
            (options, keyType, blob, comment) = (nil, key.type, key.blob, key.comment)
            return
        }
        guard let (options, rest) = Self.splitOptions(text), let key = Self.keyFields(rest) else { return nil }
        (self.options, keyType, blob, comment) = (options, key.type, key.blob, key.comment)
    }

    /// The line without the spaces and tabs around it; only those, as sshd: another blank (a
    /// no-break space) before the key makes the line no key line.
    private static func trimmingBlanks(_ line: String) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) }) else { return "" }
        return line[first...last]
    }

    /// `type base64 [comment]`, where the blob names `type`.
    private static func keyFields(_ text: Substring) -> (type: String, blob: [UInt8], comment: String)? {
        let fields = text.split(maxSplits: 2, whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2, let data = Data(base64Encoded: String(fields[1])), !data.isEmpty else { return nil }
        let blob = Array(data)
        guard let named = PublicKeyBlob.algorithmName(of: blob), named == fields[0] else { return nil }
        let comment = fields.count > 2 ? fields[2].trimmingCharacters(in: .whitespaces) : ""
        return (String(fields[0]), blob, comment)
    }

    /// Splits a leading options field from the rest as sshd does (`auth_check_authkey_line`):
    /// it ends at the first space or tab outside double quotes, where quotes may hold spaces
    /// and commas and `\"` is a quote that neither opens nor closes. Nil unless every option
    /// is one OpenSSH knows, written as it reads it (sshd skips a line with bad options).
    private static func splitOptions(_ text: Substring) -> (String, Substring)? {
        var inQuotes = false
        var end = text.startIndex
        while end < text.endIndex {
            let character = text[end]
            if character == "\\", text[text.index(after: end)...].first == "\"" {
                end = text.index(end, offsetBy: 2)
                continue
            }
            if character == "\"" { inQuotes.toggle() }
            if !inQuotes, character == " " || character == "\t" { break }
            end = text.index(after: end)
        }
        guard !inQuotes, end < text.endIndex else { return nil }
        let options = String(text[..<end])
        guard isValidOptionField(options) else { return nil }
        return (options, text[end...].drop { $0 == " " || $0 == "\t" })
    }

    /// The options' names (`no-pty`, `command`), lower-case, in order.
    static func optionNames(of field: String) -> [String] {
        optionList(field).map { option in String(option.prefix { $0 != "=" }).lowercased() }
    }

    /// Whether sshd's `sshauthopt_parse` takes the field: options separated by single commas
    /// (one after the last is let pass, as sshd does), names in any case, each a flag with no
    /// value (`no-pty=1` is refused) or a valued option as `name="value"`, where the value ends
    /// at the first quote not escaped as `\"` and the option there (`command=/bin/true` and a
    /// bare `command` are refused). The values themselves are not checked.
    static func isValidOptionField(_ field: String) -> Bool {
        var options = optionList(field)
        if options.count > 1, options.last == "" { options.removeLast() }
        return options.allSatisfy { option in
            let written = option.prefix { $0 != "=" }
            let name = written.lowercased()
            guard written.endIndex < option.endIndex else {
                let flag = name.hasPrefix("no-") ? String(name.dropFirst(3)) : name
                return flags.contains(name) || negatableFlags.contains(flag)
            }
            return valuedOptions.contains(name) && isQuotedValue(option[option.index(after: written.endIndex)...])
        }
    }

    /// `"…"` and nothing after the closing quote, where `\"` is a quote inside (`opt_dequote`).
    private static func isQuotedValue(_ value: Substring) -> Bool {
        guard value.first == "\"" else { return false }
        var rest = value.dropFirst()
        while let character = rest.first {
            if character == "\\", rest.dropFirst().first == "\"" {
                rest = rest.dropFirst(2)
                continue
            }
            if character == "\"" { return rest.count == 1 }
            rest = rest.dropFirst()
        }
        return false
    }

    /// The options of a field, split on commas outside quotes.
    private static func optionList(_ field: String) -> [String] {
        var result: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in field {
            if character == "\"", !escaped { inQuotes.toggle() }
            escaped = character == "\\"
            if character == ",", !inQuotes {
                result.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        result.append(current)
        return result
    }
}
