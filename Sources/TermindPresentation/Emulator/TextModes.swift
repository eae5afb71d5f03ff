/// What libvterm 0.1.4's state does with a printable ASCII byte, followed sequence by sequence
/// as `VTermInputParser` forwards them: whether the byte prints as itself, at the cursor, in an
/// unprotected cell of a single-width line. When it does (`printsASCIIAsItself`), a run of such
/// bytes can be written to the screen without going through libvterm's text path
/// (`VTermSurface.storePlainText`).
///
/// It mirrors libvterm's own rules, including where they differ from a VT500: the four
/// character sets are designated by `ESC ( ) * +` with `0` (DEC line drawing), `A` (UK) or `B`
/// (ASCII), every other designation ignored, and all four start as UTF-8; SO, SI, LS2 and LS3
/// pick the one in use, SS2 and SS3 the next character's; only the first parameter of SM and RM
/// counts; DECSTR (`CSI ! p`) does nothing in 0.1.4; RIS resets it all. Double-width lines are
/// not followed row by row: once a program asks for one, text goes through libvterm until RIS.
///
/// A value owned by its `VTermInputParser`.
struct TextModes: Equatable {
    /// Per character set G0–G3: true while ASCII bytes print as themselves through it (UTF-8 or
    /// ASCII), false for DEC line drawing and UK.
    private var setsKeepASCII = [true, true, true, true]
    /// Per character set G0–G3: true while libvterm decodes text through it as UTF-8 (as every
    /// set starts); a designation gives it a one-byte decoder, which stops at the first byte of
    /// 0x80 or more, so the text from there on is decoded apart from what precedes it.
    private var setsDecodeUTF8 = [true, true, true, true]
    /// The set GL points at (SO, SI, LS2, LS3).
    private var lockingShift = 0
    /// SS2 or SS3 waiting for the next character.
    private(set) var singleShiftPending = false
    /// IRM: characters push the rest of the line right.
    private var insertMode = false
    /// DECOM: cursor positions count from the margins, so a CHA can be clamped.
    private var originMode = false
    /// DECSCA: new characters are protected from selective erase.
    private var protectedCells = false
    /// DECDWL or DECDHL was asked for since the last RIS.
    private var doubleWidthLinesSeen = false

    /// True while a printable ASCII byte prints as itself in a plain cell where the cursor is.
    var printsASCIIAsItself: Bool {
        setsKeepASCII[lockingShift] && !singleShiftPending && !insertMode && !originMode && !protectedCells
            && !doubleWidthLinesSeen
    }

    /// True when libvterm decodes text that starts with an ASCII byte as UTF-8 (the set GL
    /// points at was never designated since RIS). When it is not, a text callback starting with
    /// ASCII ends at the first non-ASCII byte, and one starting there decodes everything after
    /// it as UTF-8.
    var decodesASCIIAsUTF8: Bool { setsDecodeUTF8[lockingShift] }

    /// A C0 control, wherever it was executed.
    mutating func noteControl(_ byte: UInt8) {
        switch byte {
        case 0x0E: lockingShift = 1  // SO (LS1)
        case 0x0F: lockingShift = 0  // SI (LS0)
        default: break
        }
    }

    /// A character printed (any, ASCII or not): a single shift applies to it alone.
    mutating func noteCharacter() {
        singleShiftPending = false
    }

    /// An escape sequence forwarded: `ESC`, its intermediates, `final`.
    mutating func noteEscape(intermediates: [UInt8], final: UInt8) {
        if intermediates.count == 1 {
            switch (intermediates[0], final) {
            case (UInt8(ascii: "(")...UInt8(ascii: "+"), UInt8(ascii: "B")):
                setsKeepASCII[Int(intermediates[0] - UInt8(ascii: "("))] = true
                setsDecodeUTF8[Int(intermediates[0] - UInt8(ascii: "("))] = false
            case (UInt8(ascii: "(")...UInt8(ascii: "+"), UInt8(ascii: "0")), (UInt8(ascii: "(")...UInt8(ascii: "+"), UInt8(ascii: "A")):
                setsKeepASCII[Int(intermediates[0] - UInt8(ascii: "("))] = false
                setsDecodeUTF8[Int(intermediates[0] - UInt8(ascii: "("))] = false
            case (UInt8(ascii: "#"), UInt8(ascii: "3")), (UInt8(ascii: "#"), UInt8(ascii: "4")), (UInt8(ascii: "#"), UInt8(ascii: "6")):
                doubleWidthLinesSeen = true
            default:
                break  // libvterm knows no other set and keeps the one designated
            }
            return
        }
        guard intermediates.isEmpty else { return }
        switch final {
        case UInt8(ascii: "N"), UInt8(ascii: "O"): singleShiftPending = true  // SS2, SS3
        case UInt8(ascii: "n"): lockingShift = 2  // LS2
        case UInt8(ascii: "o"): lockingShift = 3  // LS3
        case UInt8(ascii: "c"): self = TextModes()  // RIS
        default: break
        }
    }

    /// A CSI forwarded, with the header libvterm sees.
    mutating func noteCSI(_ sequence: ControlSequence, final: UInt8) {
        let first = sequence.parameters.first ?? nil
        switch (sequence.privateMarker, sequence.intermediates, final) {
        case (nil, [], UInt8(ascii: "h")), (nil, [], UInt8(ascii: "l")):
            if first == 4 { insertMode = final == UInt8(ascii: "h") }
        case (UInt8(ascii: "?"), [], UInt8(ascii: "h")), (UInt8(ascii: "?"), [], UInt8(ascii: "l")):
            if first == 6 { originMode = final == UInt8(ascii: "h") }
        case (nil, [UInt8(ascii: "\"")], UInt8(ascii: "q")):
            switch first ?? 0 {
            case 0, 2: protectedCells = false
            case 1: protectedCells = true
            default: break
            }
        default:
            break
        }
    }
}
