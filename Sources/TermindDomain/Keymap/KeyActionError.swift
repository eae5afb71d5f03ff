/// Why an action in a keymap line could not be read. The keymap file reports it with its file
/// and line.
public enum KeyActionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknown(String, suggestion: String?)
    case missingArgument(String, String)
    case unexpectedArgument(String, String)
    case badArgument(String, String, String)

    public var description: String {
        switch self {
        case .unknown(let name, let suggestion?):
            "unknown action '\(name)' (did you mean \(suggestion)?)"
        case .unknown(let name, nil):
            "unknown action '\(name)' (show-help lists them all)"
        case .missingArgument(let action, let what):
            "\(action) needs \(what)"
        case .unexpectedArgument(let action, let argument):
            "\(action) takes no argument, but '\(argument)' follows it"
        case .badArgument(let action, let argument, let what):
            "\(action) needs \(what), not '\(argument)'"
        }
    }
}
