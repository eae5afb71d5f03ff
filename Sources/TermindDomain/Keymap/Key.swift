/// One key press as a binding names it: a key and the modifiers held with it (`C-x`, `M-left`,
/// `S-up`, `F5`, `%`). Independent of how a terminal encodes it: the TUI's input decoder makes
/// `Key` values from bytes and looks them up here.
///
/// Values are normalised so that equal presses compare equal: Control folds a letter's case
/// (`C-A` is `C-a`, as every terminal sends the same byte); Shift on a letter without Control
/// becomes the capital (`S-a` is `A`, `M-S-a` is `M-A`); a space or tab character becomes the
/// named key.
public struct Key: Sendable, Hashable {
    /// The key itself, before modifiers.
    public enum Code: Sendable, Hashable {
        /// A printable character: `a`, `A`, `%`, `1`, `\`, `é`.
        case character(Character)
        case up, down, left, right
        case home, end, pageUp, pageDown, insert, delete
        case tab, enter, escape, space, backspace
        /// F1 to F24.
        case function(Int)
    }

    /// Keys held with it. Alt and Meta are the same key to a terminal (an ESC prefix).
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let control = Modifiers(rawValue: 1 << 0)
        public static let alt = Modifiers(rawValue: 1 << 1)
        public static let shift = Modifiers(rawValue: 1 << 2)
    }

    public let code: Code
    public let modifiers: Modifiers

    public init(_ code: Code, modifiers: Modifiers = []) {
        var code = code
        var modifiers = modifiers
        if case .character(let character) = code {
            switch character {
            case " ": code = .space
            case "\t": code = .tab
            default:
                if character.isASCIILetter {
                    if modifiers.contains(.control) {
                        code = .character(Character(character.lowercased()))
                    } else if modifiers.contains(.shift) {
                        code = .character(Character(character.uppercased()))
                        modifiers.remove(.shift)
                    }
                }
            }
        }
        self.code = code
        self.modifiers = modifiers
    }

    /// A printable character with no modifiers: `Key("%")`.
    public init(_ character: Character) { self.init(.character(character)) }

    /// `C-x` style: Control with a character.
    public static func control(_ character: Character) -> Key { Key(.character(character), modifiers: .control) }

    /// `M-x` style: Alt with a key.
    public static func alt(_ code: Code) -> Key { Key(code, modifiers: .alt) }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
