/// One `--name` (and optional `-n`) a command accepts: a flag, or an option that takes a value.
public struct OptionDefinition: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case flag
        /// `repeating` options collect every occurrence (`--tag a --tag b`).
        case value(ValueType, valueName: String?, repeating: Bool)
    }

    public let long: String
    public let short: Character?
    public let kind: Kind
    public let help: String
    /// A global option is accepted after any subcommand too (`termind hosts list --data-dir D`).
    public let isGlobal: Bool

    public static func flag(_ long: String, short: Character? = nil, global: Bool = false, help: String) -> Self {
        Self(long: long, short: short, kind: .flag, help: help, isGlobal: global)
    }

    public static func option(
        _ long: String, short: Character? = nil, _ type: ValueType = .text, valueName: String? = nil,
        repeating: Bool = false, global: Bool = false, help: String
    ) -> Self {
        Self(
            long: long, short: short, kind: .value(type, valueName: valueName, repeating: repeating),
            help: help, isGlobal: global)
    }

    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `-p, --port N` as help shows it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--\(long)"
        if case .value(let type, let valueName, _) = kind { text += " \(valueName ?? type.placeholder)" }
        return text
    }
}
