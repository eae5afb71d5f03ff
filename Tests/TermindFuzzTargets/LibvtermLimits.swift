/// What libvterm 0.1.4 can be handed safely, read from its source independently of
/// `VTermInputParser`: each piece's text (outside escape sequences and strings, whose bytes
/// libvterm collects without decoding) must be valid UTF-8 without C1 controls, and it must hold
/// only whole escape sequences, each CSI or DCS with at most 16 parameters and sub-parameters, values up
/// to 65535, at most one private marker and two intermediates; whole OSC and DCS strings
/// without control characters; no SOS, PM or APC; no REP (`CSI Ps b`, without marker or
/// intermediate: libvterm may loop on it).
enum LibvtermLimits {
    private static let esc: UInt8 = 0x1B

    /// Why `piece` is not safe, or nil when it is.
    static func problem(in piece: [UInt8]) -> String? {
        var index = 0
        var textStart = 0
        while index < piece.count {
            guard piece[index] == esc else {
                index += 1
                continue
            }
            if let problem = textProblem(piece[textStart..<index]) { return problem }
            guard index + 1 < piece.count else { return "a piece ends with ESC" }
            let kind = piece[index + 1]
            switch kind {
            case UInt8(ascii: "["):
                guard let end = finalByte(piece, from: index + 2) else { return "a piece ends inside a CSI" }
                if let problem = headerProblem(piece[(index + 2)..<end]) { return "CSI: \(problem)" }
                let header = piece[(index + 2)..<end]
                if piece[end] == UInt8(ascii: "b"), !header.contains(where: { (0x3C...0x3F).contains($0) || (0x20...0x2F).contains($0) }) {
                    return "a REP"
                }
                index = end + 1
            case UInt8(ascii: "]"):
                guard let end = stringEnd(piece, from: index + 2, bellEnds: true) else { return "an unfinished OSC" }
                index = end
            case UInt8(ascii: "P"):
                guard let final = finalByte(piece, from: index + 2) else { return "a piece ends inside a DCS header" }
                if let problem = headerProblem(piece[(index + 2)..<final]) { return "DCS: \(problem)" }
                guard let end = stringEnd(piece, from: final + 1, bellEnds: false) else { return "an unfinished DCS" }
                index = end
            case UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                return "an SOS, PM or APC string"
            default:
                var end = index + 1
                while end < piece.count, (0x20...0x2F).contains(piece[end]) { end += 1 }
                guard end < piece.count else { return "a piece ends inside an escape sequence" }
                if end - index - 1 > 2 { return "an escape sequence with \(end - index - 1) intermediates" }
                index = end + 1
            }
            textStart = index
        }
        return textProblem(piece[textStart...])
    }

    private static func textProblem(_ text: ArraySlice<UInt8>) -> String? {
        guard String(validating: text, as: UTF8.self) != nil else { return "invalid UTF-8 in text" }
        var previous: UInt8 = 0
        for byte in text {
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return "a C1 control as UTF-8" }
            previous = byte
        }
        return nil
    }

    /// The index of the final byte (0x40–0x7E) of a CSI or DCS header starting at `start`.
    private static func finalByte(_ piece: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < piece.count {
            if (0x40...0x7E).contains(piece[index]) { return index }
            if piece[index] == esc { return nil }
            index += 1
        }
        return nil
    }

    private static func headerProblem(_ header: ArraySlice<UInt8>) -> String? {
        let parameterBytes = header.filter { (0x30...0x3F).contains($0) }
        let intermediates = header.filter { (0x20...0x2F).contains($0) }.count
        let markers = parameterBytes.filter { (0x3C...0x3F).contains($0) }.count
        let fields = parameterBytes.filter { !(0x3C...0x3F).contains($0) }
            .split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
        if fields.count > 16 { return "\(fields.count) parameters" }
        if markers > 1 { return "\(markers) private markers" }
        if intermediates > 2 { return "\(intermediates) intermediates" }
        for field in fields {
            let digits = field.drop { $0 == UInt8(ascii: "0") }
            if digits.count > 5 || (Int(String(decoding: digits, as: UTF8.self)) ?? 0) > 65_535 {
                return "the value \(String(decoding: field, as: UTF8.self))"
            }
        }
        return nil
    }

    /// The index after an OSC or DCS string's terminator (`ESC \`, or BEL for OSC), nil when
    /// the piece ends first or the string holds a control character.
    private static func stringEnd(_ piece: [UInt8], from start: Int, bellEnds: Bool) -> Int? {
        var index = start
        while index < piece.count {
            let byte = piece[index]
            if bellEnds && byte == 0x07 { return index + 1 }
            if byte == esc {
                return index + 1 < piece.count && piece[index + 1] == UInt8(ascii: "\\") ? index + 2 : nil
            }
            if byte < 0x20 || byte == 0x7F { return nil }
            index += 1
        }
        return nil
    }
}
