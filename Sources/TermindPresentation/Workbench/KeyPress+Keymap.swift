import TermindDomain

// The decoder's `KeyPress` and the keymap's `Key` name the same presses in two vocabularies:
// the decoder's follows what terminals send, the keymap's what a person writes in a file.

extension KeyPress {
    /// The keymap's name for this press. Meta counts as Alt, as it does for a terminal.
    var keymapKey: Key {
        var modifiers: Key.Modifiers = []
        if self.modifiers.contains(.control) { modifiers.insert(.control) }
        if self.modifiers.contains(.alt) || self.modifiers.contains(.meta) { modifiers.insert(.alt) }
        if self.modifiers.contains(.shift) { modifiers.insert(.shift) }
        let code: Key.Code
        switch key {
        case .character(let character): code = .character(character)
        case .enter: code = .enter
        case .tab: code = .tab
        case .backspace: code = .backspace
        case .escape: code = .escape
        case .up: code = .up
        case .down: code = .down
        case .left: code = .left
        case .right: code = .right
        case .home: code = .home
        case .end: code = .end
        case .pageUp: code = .pageUp
        case .pageDown: code = .pageDown
        case .insert: code = .insert
        case .delete: code = .delete
        case .function(let number): code = .function(number)
        }
        return Key(code, modifiers: modifiers)
    }

    /// The press that types `key` (to send the prefix key itself to a pane).
    init(_ key: Key) {
        var modifiers: KeyModifiers = []
        if key.modifiers.contains(.control) { modifiers.insert(.control) }
        if key.modifiers.contains(.alt) { modifiers.insert(.alt) }
        if key.modifiers.contains(.shift) { modifiers.insert(.shift) }
        let inputKey: InputKey
        switch key.code {
        case .character(let character): inputKey = .character(character)
        case .space: inputKey = .character(" ")
        case .enter: inputKey = .enter
        case .tab: inputKey = .tab
        case .backspace: inputKey = .backspace
        case .escape: inputKey = .escape
        case .up: inputKey = .up
        case .down: inputKey = .down
        case .left: inputKey = .left
        case .right: inputKey = .right
        case .home: inputKey = .home
        case .end: inputKey = .end
        case .pageUp: inputKey = .pageUp
        case .pageDown: inputKey = .pageDown
        case .insert: inputKey = .insert
        case .delete: inputKey = .delete
        case .function(let number): inputKey = .function(number)
        }
        self.init(inputKey, modifiers: modifiers)
    }

    /// True for a character typed without Control or Alt: text for a field or a filter.
    var typedCharacter: Character? {
        guard case .character(let character) = key, modifiers.intersection([.control, .alt, .meta]).isEmpty else {
            return nil
        }
        return character
    }
}
