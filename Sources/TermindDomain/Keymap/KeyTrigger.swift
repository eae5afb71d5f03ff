/// What sets a binding off: a key pressed on its own (`M-Left`), a key pressed after the prefix
/// key (`prefix %`), or the prefix key pressed twice (`prefix prefix`, which keeps working when
/// the person changes the prefix).
public enum KeyTrigger: Sendable, Hashable {
    case direct(Key)
    case afterPrefix(Key)
    case prefixTwice

    /// The keys to press, with the actual prefix key: `C-\ %`, `M-Left`, `C-\ C-\`.
    public func keysText(prefix: Key) -> String {
        switch self {
        case .direct(let key): key.description
        case .afterPrefix(let key): "\(prefix) \(key)"
        case .prefixTwice: "\(prefix) \(prefix)"
        }
    }

    var isDirect: Bool {
        if case .direct = self { return true }
        return false
    }
}

extension KeyTrigger: CustomStringConvertible {
    /// As the keymap file writes it: `prefix %`, `M-Left`, `prefix prefix`.
    public var description: String {
        switch self {
        case .direct(let key): key.description
        case .afterPrefix(let key): "prefix \(key)"
        case .prefixTwice: "prefix prefix"
        }
    }
}
