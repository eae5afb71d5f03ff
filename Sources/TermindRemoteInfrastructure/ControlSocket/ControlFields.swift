/// Writes a control frame's payload: bytes, big-endian 32-bit numbers, and strings as a
/// 32-bit length then the bytes.
struct ControlFieldWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    mutating func string(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        bytes += value
    }

    mutating func string(_ value: String) { string(Array(value.utf8)) }
}

/// Reads what `ControlFieldWriter` wrote, every length checked against what is left.
struct ControlFieldReader {
    private let bytes: [UInt8]
    private var position = 0
    private let frame: String

    init(_ bytes: [UInt8], frame: String) {
        self.bytes = bytes
        self.frame = frame
    }

    mutating func byte(_ field: String) throws(ControlProtocolError) -> UInt8 {
        try need(1, field)
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint32(_ field: String) throws(ControlProtocolError) -> UInt32 {
        try need(4, field)
        defer { position += 4 }
        return UInt32(bytes[position]) << 24 | UInt32(bytes[position + 1]) << 16
            | UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
    }

    mutating func bytes(_ field: String) throws(ControlProtocolError) -> [UInt8] {
        let count = Int(try uint32(field))
        try need(count, field)
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func string(_ field: String) throws(ControlProtocolError) -> String {
        let raw = try bytes(field)
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw ControlProtocolError("\(frame): \(field) is not UTF-8")
        }
        return text
    }

    /// Fails when bytes are left over.
    func end() throws(ControlProtocolError) {
        guard position == bytes.count else { throw ControlProtocolError("\(frame): \(bytes.count - position) bytes left over") }
    }

    private func need(_ count: Int, _ field: String) throws(ControlProtocolError) {
        guard count <= bytes.count - position else { throw ControlProtocolError("\(frame): \(field) runs past the frame") }
    }
}
