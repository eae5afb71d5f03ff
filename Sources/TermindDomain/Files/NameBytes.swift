/// File names are bytes, on the wire and on disk, and need not be UTF-8. Termind carries them
/// in `String`s without loss: valid UTF-8 is decoded as such, and every byte that is not part
/// of valid UTF-8 becomes the scalar U+10FF00 + byte (U+10FF80…U+10FFFF; only bytes ≥ 0x80 can
/// be invalid). A name that really holds one of those scalars has its UTF-8 bytes escaped the
/// same way, so the mapping is one-to-one and `bytes(string(b)) == b` for every `b`. (The idea
/// is Python's `surrogateescape`, moved to scalars a Swift `String` can hold.)
///
/// Every path that leaves Termind (an SFTP request, a system call, standard output in a pipe)
/// goes out through `bytes`; every name that comes in (a listing, a `readdir`, argv) comes in
/// through `string`. Terminals see escaped bytes as `\377` (`TerminalSafeText`), JSON as
/// `\udcff` (the PEP 383 convention, so `os.fsencode(json.loads(...))` gives the bytes back).
public enum NameBytes {
    /// The escape of byte `b` is the scalar `escapeBase + b`.
    public static let escapeBase: UInt32 = 0x10FF00

    /// The name these bytes spell.
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // The common case: valid UTF-8 that cannot hold an escape scalar (they start F4 8F BE/BF).
        if !bytes.contains(0xF4), let plain = String(validating: bytes, as: UTF8.self) { return plain }
        let array = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            if let (scalar, length) = decodeScalar(array, at: index), scalar.value < escapeBase + 0x80 {
                scalars.append(scalar)
                index += length
            } else if let (_, length) = decodeScalar(array, at: index) {
                // A real escape-range scalar: each of its bytes is escaped, so it reads back.
                for byte in array[index..<index + length] { scalars.append(escape(byte)) }
                index += length
            } else {
                scalars.append(escape(array[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `name` stands for.
    public static func bytes(_ name: String) -> [UInt8] {
        guard hasEscapes(name) else { return Array(name.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                result.append(byte)
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Calls `body` with `name`'s bytes as a NUL-terminated C string, for a system call.
    public static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasEscapes(name) else { return try name.withCString(body) }
        var raw = bytes(name).map { CChar(bitPattern: $0) }
        raw.append(0)
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// Whether `name` holds a byte that is not UTF-8 (an escape scalar).
    public static func hasEscapes(_ name: String) -> Bool {
        // Escape scalars are the only ones that start F4 8F BE or F4 8F BF in UTF-8.
        guard name.utf8.contains(0xF4) else { return false }
        return name.unicodeScalars.contains { escapedByte($0) != nil }
    }

    /// The byte `scalar` escapes, if it is an escape.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF ? UInt8(scalar.value - escapeBase) : nil
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// The scalar a valid UTF-8 sequence at `index` encodes, and its length; nil for a byte
    /// that does not start one (overlong forms, surrogates and values past U+10FFFF included).
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
