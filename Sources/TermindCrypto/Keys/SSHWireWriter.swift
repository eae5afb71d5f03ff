/// Builds SSH wire-format values (RFC 4251 §5: `uint32`, `string`, `mpint`) into a byte array,
/// for public key blobs and `openssh-key-v1` files.
///
/// A value type; each writer belongs to the code that made it.
public struct SSHWireWriter {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// A big-endian 32-bit unsigned integer.
    public mutating func writeUInt32(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    /// Bytes as they are, with no length in front.
    public mutating func writeRaw(_ raw: [UInt8]) {
        bytes += raw
    }

    /// A `string`: a 32-bit length, then the bytes.
    public mutating func writeString(_ value: [UInt8]) {
        precondition(value.count <= Int(UInt32.max), "SSH string longer than 4 GiB")
        writeUInt32(UInt32(value.count))
        bytes += value
    }

    /// A `string` holding UTF-8 text.
    public mutating func writeString(_ text: String) {
        writeString(Array(text.utf8))
    }

    /// A non-negative `mpint` from its big-endian magnitude: leading zeros are dropped, and one
    /// zero byte is put back in front when the top bit is set so the value stays positive.
    public mutating func writePositiveMPInt(magnitude: [UInt8]) {
        let significant = Array(magnitude.drop { $0 == 0 })
        if let first = significant.first, first & 0x80 != 0 {
            writeString([0] + significant)
        } else {
            writeString(significant)
        }
    }
}
