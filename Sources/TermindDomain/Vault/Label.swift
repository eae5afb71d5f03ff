/// The name a person gives a Vault record (`web`, `deploy`, `deploy-ed25519`) and types in
/// commands. Labels are unique per kind of record.
///
/// A label is 1–64 characters with no whitespace or control characters, does not start with
/// `-` (it would read as an option) and has no `:` or `@` (so `web:/var/log` and
/// `user@host` stay unambiguous in `termind cp` and `termind exec`).
public struct Label: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(_ text: String) throws(VaultRuleViolation) {
        guard !text.isEmpty else { throw .invalidLabel(text, reason: "a label cannot be empty") }
        guard text.count <= 64 else { throw .invalidLabel(text, reason: "a label has at most 64 characters") }
        guard !text.hasPrefix("-") else { throw .invalidLabel(text, reason: "a label cannot start with '-'") }
        if let bad = text.unicodeScalars.first(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control || $0 == ":" || $0 == "@"
        }) {
            let shown = bad.properties.isWhitespace ? "whitespace" : "'\(bad.escaped(asASCII: true))'"
            throw .invalidLabel(text, reason: "a label cannot contain \(shown)")
        }
        rawValue = text
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try Label(text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (lhs: Label, rhs: Label) -> Bool { lhs.rawValue < rhs.rawValue }
}
