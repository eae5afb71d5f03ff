/// Keys by name, as the keymap file writes them and the help overlay shows them. The spelling
/// follows tmux (`C-`, `M-`, `S-` before the key; `Left`, `PageUp`, `F5`), and also reads the
/// words people type (`ctrl-`, `alt-`, `meta-`, `shift-`, `pgup`, `esc`, `return`).
extension Key: CustomStringConvertible {
    /// The name the help overlay shows; reading it back with `init(name:)` gives the same key.
    public var description: String {
        var text = ""
        if modifiers.contains(.control) { text += "C-" }
        if modifiers.contains(.alt) { text += "M-" }
        if modifiers.contains(.shift) { text += "S-" }
        return text + code.name
    }

    /// Reads a key name: modifiers (`C-`, `M-`, `S-`, `ctrl-`, `alt-`, `meta-`, `shift-`, any
    /// case, in any order) then one character or a key's name (`left`, `F5`, `space`...).
    public init(name: String) throws(KeyNameError) {
        guard !name.isEmpty else { throw .empty }
        var rest = Substring(name)
        var modifiers: Modifiers = []
        parsing: while true {
            let lowered = rest.lowercased()
            for (prefix, modifier) in Key.modifierPrefixes where lowered.hasPrefix(prefix) && rest.count > prefix.count {
                guard !modifiers.contains(modifier) else { throw .repeatedModifier(name) }
                modifiers.insert(modifier)
                rest = rest.dropFirst(prefix.count)
                continue parsing
            }
            break
        }
        guard let code = Code(name: String(rest)) else {
            throw rest.contains(" ") ? .containsWhitespace(name) : .unknown(name)
        }
        self.init(code, modifiers: modifiers)
    }

    /// Longest first, so `ctrl-` is not read as `C-` followed by `trl-`.
    private static let modifierPrefixes: [(String, Modifiers)] = [
        ("shift-", .shift), ("ctrl-", .control), ("meta-", .alt), ("alt-", .alt),
        ("c-", .control), ("m-", .alt), ("s-", .shift),
    ]
}

extension Key.Code {
    /// The canonical name: the character itself, or tmux's word for the key.
    public var name: String {
        switch self {
        case .character(let character): String(character)
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .insert: "Insert"
        case .delete: "Delete"
        case .tab: "Tab"
        case .enter: "Enter"
        case .escape: "Escape"
        case .space: "Space"
        case .backspace: "Backspace"
        case .function(let number): "F\(number)"
        }
    }

    /// A key's name in any case, or a single character; nil when it is neither.
    init?(name: String) {
        if name.count == 1, let character = name.first, !character.isWhitespace, !character.isNewline {
            self = .character(character)
            return
        }
        let lowered = name.lowercased()
        if let named = Key.Code.names[lowered] {
            self = named
            return
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...24).contains(number),
            !lowered.dropFirst().hasPrefix("0"), !lowered.dropFirst().hasPrefix("+")
        {
            self = .function(number)
            return
        }
        return nil
    }

    /// Names and their common spellings (tmux's `PPage`, `NPage`, `BSpace`, `IC`, `DC` too).
    private static let names: [String: Key.Code] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end,
        "pageup": .pageUp, "pgup": .pageUp, "ppage": .pageUp,
        "pagedown": .pageDown, "pgdn": .pageDown, "pgdown": .pageDown, "npage": .pageDown,
        "insert": .insert, "ins": .insert, "ic": .insert,
        "delete": .delete, "del": .delete, "dc": .delete,
        "tab": .tab, "enter": .enter, "return": .enter,
        "escape": .escape, "esc": .escape, "space": .space,
        "backspace": .backspace, "bspace": .backspace,
    ]
}
