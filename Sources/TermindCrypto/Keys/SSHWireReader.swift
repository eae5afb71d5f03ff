/// Reads SSH wire-format values (RFC 4251 §5: `uint32`, `string`, `mpint`) from the front of
/// a byte array, as key blobs and `openssh-key-v1` files are built from them.
///
/// A value type; each reader belongs to the code that made it.
public struct SSHWireReader {
    private let bytes: [UInt8]
    /// The offset of the next unread byte.
    public private(set) var offset: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        offset = 0
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// How many bytes are left.
    public var remainingCount: Int { bytes.count - offset }

    /// The unread bytes, without consuming them.
    public var remaining: [UInt8] { Array(bytes[offset...]) }

    /// A big-endian 32-bit unsigned integer.
    public mutating func readUInt32(_ field: String = "uint32") throws(SSHWireError) -> UInt32 {
        let raw = try readBytes(count: 4, field)
        return raw.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Exactly `count` raw bytes.
    public mutating func readBytes(count: Int, _ field: String = "bytes") throws(SSHWireError) -> [UInt8] {
        guard count >= 0, count <= remainingCount else {
            throw SSHWireError(field: field, offset: offset, problem: "needs \(count) bytes, \(remainingCount) remain")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A `string`: a 32-bit length, then that many bytes.
    public mutating func readString(_ field: String = "string") throws(SSHWireError) -> [UInt8] {
        let start = offset
        let length = try readUInt32(field)
        guard Int(length) <= remainingCount else {
            let problem = "declares \(length) bytes, \(remainingCount) remain"
            offset = start
            throw SSHWireError(field: field, offset: start, problem: problem)
        }
        return try readBytes(count: Int(length), field)
    }

    /// A `string` holding UTF-8 text (names, comments). Invalid UTF-8 is repaired, not refused.
    public mutating func readText(_ field: String = "string") throws(SSHWireError) -> String {
        String(decoding: try readString(field), as: UTF8.self)
    }

    /// A non-negative `mpint`, returned as its big-endian magnitude without leading zeros
    /// (empty for zero). A negative value or a needless leading zero is refused.
    public mutating func readPositiveMPInt(_ field: String = "mpint") throws(SSHWireError) -> [UInt8] {
        let start = offset
        let value = try readString(field)
        guard let first = value.first else { return [] }
        guard first & 0x80 == 0 else {
            throw SSHWireError(field: field, offset: start, problem: "is negative")
        }
        if first == 0 {
            guard value.count > 1, value[1] & 0x80 != 0 else {
                throw SSHWireError(field: field, offset: start, problem: "has a needless leading zero")
            }
            return Array(value.dropFirst())
        }
        return value
    }
}
