/// What a terminal would act on in bytes written to it, other than the writer's own
/// sequences: ESC (the introducer of CSI, OSC, DCS and every other escape), C0 controls but
/// the allowed ones, DEL, and C1 controls (CSI U+009B, OSC U+009D, DCS U+0090...) as UTF-8 or
/// as bytes that are not UTF-8. Used by the property tests of issue 22.
public enum TerminalOutputCheck {
    /// The CSI sequences Termind's renderer writes: SGR, cursor moves and shape, erase,
    /// scrolling regions, private modes (synchronized output, cursor visibility).
    public static func isRenderersOwnCSI(parameters: [UInt8], intermediates: [UInt8], final: UInt8) -> Bool {
        let finals = Array("mHJKrSTGdABCDhlq".utf8)
        guard finals.contains(final), intermediates.isEmpty || (intermediates == [0x20] && final == UInt8(ascii: "q")) else { return false }
        return parameters.allSatisfy { (0x30...0x3B).contains($0) || $0 == UInt8(ascii: "?") }
    }

    /// The first violation in `bytes`, or nil. `ownSequences` are exact byte strings the writer
    /// itself emits (`ESC [ K`); `allowsRenderersCSI` accepts any CSI `isRenderersOwnCSI` allows.
    public static func violation(
        in bytes: [UInt8], allowedControls: Set<UInt8> = [0x0A, 0x0D, 0x09], ownSequences: [[UInt8]] = [],
        allowsRenderersCSI: Bool = false
    ) -> String? {
        var index = 0
        outer: while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                for own in ownSequences where bytes[index...].starts(with: own) {
                    index += own.count
                    continue outer
                }
                if allowsRenderersCSI, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                    var end = index + 2
                    var parameters: [UInt8] = [], intermediates: [UInt8] = []
                    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { parameters.append(bytes[end]); end += 1 }
                    while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { intermediates.append(bytes[end]); end += 1 }
                    if end < bytes.count, isRenderersOwnCSI(parameters: parameters, intermediates: intermediates, final: bytes[end]) {
                        index = end + 1
                        continue
                    }
                }
                return "ESC at byte \(index): \(context(bytes, index))"
            }
            if byte < 0x20 && !allowedControls.contains(byte) { return "C0 \(byte) at byte \(index): \(context(bytes, index))" }
            if byte == 0x7F { return "DEL at byte \(index)" }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                return "C1 U+00\(String(bytes[index + 1], radix: 16)) at byte \(index): \(context(bytes, index))"
            }
            if byte >= 0x80 {
                // A whole UTF-8 sequence is skipped; a lone byte would be an 8-bit control to
                // a terminal not in UTF-8 mode.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
                guard length > 0, index + length <= bytes.count,
                      bytes[(index + 1)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) })
                else { return "a byte that is not UTF-8 (\(byte)) at \(index): \(context(bytes, index))" }
                index += length
                continue
            }
            index += 1
        }
        return nil
    }

    private static func context(_ bytes: [UInt8], _ index: Int) -> String {
        String(decoding: bytes[max(0, index - 20)..<min(bytes.count, index + 20)], as: UTF8.self).debugDescription
    }
}
