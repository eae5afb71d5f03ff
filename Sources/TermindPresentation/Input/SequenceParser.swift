/// Reads one event from the front of the bytes `InputDecoder` holds: a character, a control
/// key, or an escape sequence. It only reads; the decoder keeps the state between chunks.
///
/// `final` is true once the terminal went quiet (`InputDecoder.flushTimeout()`): then nothing
/// is `incomplete`, and what is held is decided as it stands.
struct SequenceParser {
    enum Parsed: Equatable {
        /// More bytes are needed to decide.
        case incomplete
        case event(InputEvent, length: Int)
        /// A sequence that means nothing here, skipped whole.
        case dropped(length: Int)
        /// `ESC[200~`: what follows, up to `ESC[201~`, is pasted.
        case pasteStart(length: Int)
    }

    static let escape: UInt8 = 0x1B
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    let bytes: [UInt8]
    let final: Bool

    func parse(at index: Int) -> Parsed {
        let byte = bytes[index]
        switch byte {
        case Self.escape:
            return parseEscape(at: index)
        case 0x80...:
            return parseUTF8(at: index)
        default:
            return .event(.key(Self.singleByteKey(byte)), length: 1)
        }
    }

    /// The key of a byte below 0x80: a control key or an ASCII character.
    static func singleByteKey(_ byte: UInt8) -> KeyPress {
        switch byte {
        case 0x0D: KeyPress(.enter)
        case 0x09: KeyPress(.tab)
        case 0x7F, 0x08: KeyPress(.backspace)
        case 0x1B: KeyPress(.escape)
        case 0x00: .character(" ", modifiers: .control)
        case 0x01...0x1A: .character(Character(Unicode.Scalar(byte + 0x60)), modifiers: .control)
        // 0x1C...0x1F: Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_.
        case 0x1C...0x1F: .character(Character(Unicode.Scalar(byte + 0x40)), modifiers: .control)
        default: .character(Character(Unicode.Scalar(byte)))
        }
    }

    // MARK: - UTF-8

    /// One UTF-8 character; an invalid or cut-short sequence is U+FFFD for the bytes that are
    /// wrong (each stray byte on its own), so decoding always moves on.
    private func parseUTF8(at index: Int) -> Parsed {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        // The allowed range of the second byte excludes overlong forms, surrogates and values
        // past U+10FFFF (Unicode's table of well-formed sequences).
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; value = 0x0D; secondRange = 0x80...0x9F
        case 0xF0: length = 4; value = 0; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; secondRange = 0x80...0x8F
        default: return .event(.key(.character("\u{FFFD}")), length: 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else {
                return final ? .event(.key(.character("\u{FFFD}")), length: offset) : .incomplete
            }
            let byte = bytes[index + offset]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else {
                return .event(.key(.character("\u{FFFD}")), length: offset)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        return .event(.key(.character(Character(scalar))), length: length)
    }

    // MARK: - Escape

    private func parseEscape(at index: Int) -> Parsed {
        guard index + 1 < bytes.count else {
            return final ? .event(.key(KeyPress(.escape)), length: 1) : .incomplete
        }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            return parseCSI(at: index)
        case UInt8(ascii: "O"):
            return parseSS3(at: index)
        default:
            // ESC before a key is Alt with that key (and ESC ESC [ A is rxvt's Alt-Up).
            let inner = parse(at: index + 1)
            switch inner {
            case .incomplete:
                return .incomplete
            case .event(.key(var key), let length):
                key.modifiers.insert(.alt)
                return .event(.key(key), length: length + 1)
            default:
                // ESC before a mouse report or a paste: the Escape key, then that.
                return .event(.key(KeyPress(.escape)), length: 1)
            }
        }
    }

    /// `ESC O` and a final byte: xterm's keys in application mode (SS3).
    private func parseSS3(at index: Int) -> Parsed {
        var end = index + 2
        // Some terminals put a modifier digit in: ESC O 5 P.
        while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x3F {
            end += 1
        }
        guard end < bytes.count else {
            if !final { return .incomplete }
            return end == index + 2 ? .event(.key(.character("O", modifiers: .alt)), length: 2) : .dropped(length: end - index)
        }
        let finalByte = bytes[end]
        guard finalByte >= 0x40 && finalByte <= 0x7E else {
            // Not a sequence after all: Alt-O, and the rest decodes on its own.
            return end == index + 2 ? .event(.key(.character("O", modifiers: .alt)), length: 2) : .dropped(length: end - index)
        }
        let parameters = CSIParameters(bytes[(index + 2)..<end])
        let modifiers = KeyModifiers(xtermParameter: parameters.last)
        let length = end + 1 - index
        if let key = Self.cursorOrFunctionKey(finalByte) {
            return .event(.key(KeyPress(key, modifiers: modifiers)), length: length)
        }
        if let key = Self.keypadKey(finalByte) {
            return .event(.key(KeyPress(key, modifiers: modifiers)), length: length)
        }
        return .dropped(length: length)
    }

    /// The keys whose CSI and SS3 forms share a final byte.
    static func cursorOrFunctionKey(_ finalByte: UInt8) -> InputKey? {
        switch finalByte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// The numeric keypad in application keypad mode (DECKPAM): the keys it types.
    private static func keypadKey(_ finalByte: UInt8) -> InputKey? {
        switch finalByte {
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "p")...UInt8(ascii: "y"): .character(Character(Unicode.Scalar(finalByte - UInt8(ascii: "p") + UInt8(ascii: "0"))))
        case UInt8(ascii: "j"): .character("*")
        case UInt8(ascii: "k"): .character("+")
        case UInt8(ascii: "l"): .character(",")
        case UInt8(ascii: "m"): .character("-")
        case UInt8(ascii: "n"): .character(".")
        case UInt8(ascii: "o"): .character("/")
        case UInt8(ascii: "X"): .character("=")
        default: nil
        }
    }
}
