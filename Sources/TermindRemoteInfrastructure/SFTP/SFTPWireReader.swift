import TermindDomain

/// Reads SSH wire fields (RFC 4251 §5: `byte`, `uint32`, `uint64`, `string`) from one SFTP
/// packet, checking every length against what is left so a truncated or hostile packet throws
/// `SFTPWireError` instead of reading past its end or allocating from a length it claims.
///
/// It reads from an `ArraySlice` of the framer's buffer, so taking a packet apart copies
/// nothing but the fields returned (a DATA payload is one `memcpy`).
struct SFTPWireReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int
    /// What is being read, for errors: "the DATA reply".
    let packet: String

    init(_ bytes: ArraySlice<UInt8>, packet: String) {
        self.bytes = bytes
        self.position = bytes.startIndex
        self.packet = packet
    }

    var remaining: Int { bytes.endIndex - position }
    var isAtEnd: Bool { position == bytes.endIndex }

    mutating func byte(_ field: @autoclosure () -> String) throws -> UInt8 {
        try need(1, field())
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint32(_ field: @autoclosure () -> String) throws -> UInt32 {
        try need(4, field())
        defer { position += 4 }
        return UInt32(bytes[position]) << 24 | UInt32(bytes[position + 1]) << 16
            | UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
    }

    mutating func uint64(_ field: @autoclosure () -> String) throws -> UInt64 {
        let high = try uint32(field())
        let low = try uint32(field())
        return UInt64(high) << 32 | UInt64(low)
    }

    /// An SSH `string` as bytes: a `uint32` length, then that many bytes (checked before any
    /// allocation).
    mutating func bytes(_ field: @autoclosure () -> String) throws -> [UInt8] {
        let range = try stringRange(field())
        return Array(bytes[range])
    }

    /// An SSH `string` as text (a message, an extension's name): UTF-8, with U+FFFD for what
    /// is not.
    mutating func string(_ field: @autoclosure () -> String) throws -> String {
        let range = try stringRange(field())
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// An SSH `string` that is a file name or path: SFTP v3 names are bytes, kept exactly
    /// (`NameBytes`).
    mutating func name(_ field: @autoclosure () -> String) throws -> String {
        let range = try stringRange(field())
        return NameBytes.string(bytes[range])
    }

    /// Steps over an SSH `string`.
    mutating func skipString(_ field: @autoclosure () -> String) throws {
        _ = try stringRange(field())
    }

    private mutating func stringRange(_ field: String) throws -> Range<Int> {
        let length = Int(try uint32(field + "'s length"))
        try need(length, field)
        defer { position += length }
        return position..<(position + length)
    }

    private func need(_ count: Int, _ field: String) throws {
        guard count <= remaining else {
            throw SFTPWireError("\(packet) ends inside its \(field) (\(count) byte\(count == 1 ? "" : "s") needed, \(remaining) left)")
        }
    }
}
