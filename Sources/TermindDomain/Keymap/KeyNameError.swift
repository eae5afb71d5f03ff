/// Why a key name could not be read. The keymap file reports it with its file and line.
public enum KeyNameError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case unknown(String)
    case repeatedModifier(String)
    case containsWhitespace(String)

    public var description: String {
        switch self {
        case .empty:
            "a key name is missing"
        case .unknown(let name):
            "'\(name)' is not a key name (use one character, or a name such as Left, PageUp, F5, Space, Escape, with C-, M- or S- before it)"
        case .repeatedModifier(let name):
            "'\(name)' names the same modifier twice"
        case .containsWhitespace(let name):
            "'\(name)' contains whitespace"
        }
    }
}
