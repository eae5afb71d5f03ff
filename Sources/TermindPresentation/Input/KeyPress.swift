/// A key with the modifiers held: what the TUI binds commands to and what a pane receives.
/// A plain value; safe to pass between threads.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    public var key: InputKey
    public var modifiers: KeyModifiers

    public init(_ key: InputKey, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A character key, typed plainly.
    public static func character(_ character: Character, modifiers: KeyModifiers = []) -> KeyPress {
        KeyPress(.character(character), modifiers: modifiers)
    }

    /// Reads like the keymap: "Ctrl-Alt-x", "Shift-Up", "F5", "Enter".
    public var description: String {
        var text = ""
        if modifiers.contains(.control) { text += "Ctrl-" }
        if modifiers.contains(.alt) { text += "Alt-" }
        if modifiers.contains(.meta) { text += "Meta-" }
        if modifiers.contains(.shift) { text += "Shift-" }
        switch key {
        case .character(" "): text += "Space"
        case .character(let character): text += String(character)
        case .function(let number): text += "F\(number)"
        default: text += "\(key)".prefix(1).uppercased() + "\(key)".dropFirst()
        }
        return text
    }
}
