/// Standard base64 (RFC 4648 §4, with `=` padding) for the bodies of PEM-armoured key files.
///
/// Stateless; safe from any thread. Written here rather than borrowed from Foundation so the
/// decoder can be strict: a body cut short is an error, not a shorter key.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    /// Encoded text, padded, without line breaks.
    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let b0 = chunk[chunk.startIndex]
            let b1 = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
            let b2 = chunk.count > 2 ? chunk[chunk.startIndex + 2] : 0
            text.append(alphabet[Int(b0 >> 2)])
            text.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            text.append(chunk.count > 1 ? alphabet[Int((b1 & 0x0f) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            text.append(chunk.count > 2 ? alphabet[Int(b2 & 0x3f)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Decodes text, skipping ASCII whitespace (PEM wraps lines). Nil for any other character
    /// outside the alphabet, a length that is not a multiple of four, or misplaced padding.
    static func decode<Text: Sequence>(_ text: Text) -> [UInt8]? where Text.Element == UInt8 {
        var sextets: [UInt8] = []
        var padding = 0
        for character in text {
            switch character {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2 else { return nil }
            default:
                let value = values[Int(character)]
                guard value != 0xff, padding == 0 else { return nil }
                sextets.append(value)
            }
        }
        guard (sextets.count + padding) % 4 == 0 else { return nil }
        // One or two `=` only where the last group really is short.
        guard padding == 0 || (sextets.count % 4) == 4 - padding else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sextets.count * 3 / 4)
        var index = 0
        while index + 4 <= sextets.count {
            let (s0, s1, s2, s3) = (sextets[index], sextets[index + 1], sextets[index + 2], sextets[index + 3])
            bytes.append(s0 << 2 | s1 >> 4)
            bytes.append(s1 << 4 | s2 >> 2)
            bytes.append(s2 << 6 | s3)
            index += 4
        }
        switch sextets.count - index {
        case 2:
            bytes.append(sextets[index] << 2 | sextets[index + 1] >> 4)
        case 3:
            bytes.append(sextets[index] << 2 | sextets[index + 1] >> 4)
            bytes.append(sextets[index + 1] << 4 | sextets[index + 2] >> 2)
        default:
            break
        }
        return bytes
    }
}
