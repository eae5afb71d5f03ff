/// Turns keys and pastes into the bytes an xterm sends in its default modes: modifiers on
/// special keys as `CSI 1 ; m X`, Alt as an ESC prefix, Ctrl on characters as C0 controls
/// (where one exists), a paste's newlines as CR.
///
/// It has no modes of its own: what depends on the pane program's modes (application cursor
/// keys, bracketed paste, newline mode, the mouse protocol) is libvterm's to encode, since only
/// libvterm knows them; `VTermSurface+Keyboard` uses this encoder for what libvterm 0.1.4
/// encodes badly (characters with Ctrl or Alt; Tab, Backspace and Escape with modifiers) and
/// for a paste's body. Focus changes are not forwarded to programs.
/// A plain value; safe to pass between threads.
public struct KeyEncoder: Hashable, Sendable {
    public init() {}

    /// The bytes for `event`: a key or a paste. Mouse events give no bytes here (they need the
    /// pane's coordinates and mouse mode), nor do focus changes.
    public func encode(_ event: InputEvent) -> [UInt8] {
        switch event {
        case .key(let key): encode(key)
        case .paste(let bytes): encode(paste: bytes)
        case .focusGained, .focusLost, .mouse: []
        }
    }

    /// A paste's body: newlines sent as CR (as Enter would, and as xterm and tmux paste).
    /// Bracketing, and removing an end marker from inside it, is `VTermSurface.paste`'s.
    public func encode(paste bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                body.append(0x0D)
                index += 2
                continue
            }
            body.append(byte == 0x0A ? 0x0D : byte)
            index += 1
        }
        return body
    }

    /// The bytes for one key; empty for a key an xterm cannot send (F13 and beyond).
    public func encode(_ press: KeyPress) -> [UInt8] {
        let modifiers = press.modifiers
        let alt: [UInt8] = modifiers.contains(.alt) ? [0x1B] : []
        switch press.key {
        case .character(let character):
            return alt + Self.characterBytes(character, control: modifiers.contains(.control))
        case .enter:
            return alt + [0x0D]
        case .tab:
            if modifiers.contains(.shift) {
                let others = modifiers.subtracting(.shift)
                return others.isEmpty ? Array("\u{1B}[Z".utf8) : Self.csi(1, modifiers: modifiers, final: "Z")
            }
            return alt + [0x09]
        case .backspace:
            return alt + [modifiers.contains(.control) ? 0x08 : 0x7F]
        case .escape:
            return alt + [0x1B]
        case .up: return cursorKey("A", modifiers)
        case .down: return cursorKey("B", modifiers)
        case .right: return cursorKey("C", modifiers)
        case .left: return cursorKey("D", modifiers)
        case .home: return cursorKey("H", modifiers)
        case .end: return cursorKey("F", modifiers)
        case .insert: return Self.tilde(2, modifiers)
        case .delete: return Self.tilde(3, modifiers)
        case .pageUp: return Self.tilde(5, modifiers)
        case .pageDown: return Self.tilde(6, modifiers)
        case .function(let number):
            switch number {
            case 1...4:
                let final = Unicode.Scalar(UInt8(ascii: "P") + UInt8(number - 1))
                return modifiers.isEmpty ? [0x1B, UInt8(ascii: "O"), UInt8(ascii: final)] : Self.csi(1, modifiers: modifiers, final: final)
            case 5...12:
                let codes = [15, 17, 18, 19, 20, 21, 23, 24]
                return Self.tilde(codes[number - 5], modifiers)
            default:
                return []
            }
        }
    }

    /// Arrows, Home and End: `CSI X` (normal cursor mode), with xterm's parameter when modified.
    private func cursorKey(_ final: Unicode.Scalar, _ modifiers: KeyModifiers) -> [UInt8] {
        if modifiers.isEmpty {
            return [0x1B, UInt8(ascii: "["), UInt8(ascii: final)]
        }
        return Self.csi(1, modifiers: modifiers, final: final)
    }

    private static func tilde(_ code: Int, _ modifiers: KeyModifiers) -> [UInt8] {
        if modifiers.isEmpty {
            return Array("\u{1B}[\(code)~".utf8)
        }
        return csi(code, modifiers: modifiers, final: "~")
    }

    private static func csi(_ first: Int, modifiers: KeyModifiers, final: Unicode.Scalar) -> [UInt8] {
        Array("\u{1B}[\(first);\(modifiers.xtermParameter)\(Character(final))".utf8)
    }

    /// A character, as a C0 control when Ctrl is held and the character has one (letters,
    /// space and @ [ \ ] ^ _ ?, and xterm's digits 2–8); otherwise the character itself.
    private static func characterBytes(_ character: Character, control: Bool) -> [UInt8] {
        if control, let ascii = character.asciiValue {
            switch ascii {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return [ascii - 0x60]
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return [ascii - 0x40]
            case UInt8(ascii: " "), UInt8(ascii: "@"), UInt8(ascii: "2"): return [0x00]
            case UInt8(ascii: "["), UInt8(ascii: "3"): return [0x1B]
            case UInt8(ascii: "\\"), UInt8(ascii: "4"): return [0x1C]
            case UInt8(ascii: "]"), UInt8(ascii: "5"): return [0x1D]
            case UInt8(ascii: "^"), UInt8(ascii: "6"), UInt8(ascii: "~"): return [0x1E]
            case UInt8(ascii: "_"), UInt8(ascii: "7"), UInt8(ascii: "/"): return [0x1F]
            case UInt8(ascii: "?"), UInt8(ascii: "8"): return [0x7F]
            default: break
            }
        }
        return Array(String(character).utf8)
    }
}
