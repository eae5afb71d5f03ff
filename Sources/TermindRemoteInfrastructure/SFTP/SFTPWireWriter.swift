import TermindDomain

/// Builds one SFTP packet: the `uint32` length (patched in by `finish`), the type byte, then
/// SSH wire fields. Callers say how big the packet will be, so a WRITE's data is copied once,
/// into storage of the right size.
struct SFTPWireWriter {
    private(set) var bytes: [UInt8]

    /// Starts a packet of `type`; `capacity` is the expected size of what follows the type byte.
    init(_ type: SFTPPacketType, capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(5 + capacity)
        bytes.append(contentsOf: [0, 0, 0, 0, type.rawValue])
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func uint32(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func uint64(_ value: UInt64) {
        uint32(UInt32(truncatingIfNeeded: value >> 32))
        uint32(UInt32(truncatingIfNeeded: value))
    }

    /// An SSH `string`: length, then the bytes.
    mutating func string<Bytes: Collection<UInt8>>(_ value: Bytes) {
        uint32(UInt32(truncatingIfNeeded: value.count))
        bytes.append(contentsOf: value)
    }

    /// A file name or path: its bytes exactly (`NameBytes`), which is UTF-8 for every name
    /// that came in as UTF-8.
    mutating func string(_ value: String) {
        if NameBytes.hasEscapes(value) {
            string(NameBytes.bytes(value))
        } else {
            string(value.utf8)
        }
    }

    /// Bytes as they are, without a length (an extension's already encoded data).
    mutating func raw<Bytes: Collection<UInt8>>(_ value: Bytes) {
        bytes.append(contentsOf: value)
    }

    /// The packet with its length filled in.
    consuming func finish() -> [UInt8] {
        let length = UInt32(truncatingIfNeeded: bytes.count - 4)
        bytes[0] = UInt8(truncatingIfNeeded: length >> 24)
        bytes[1] = UInt8(truncatingIfNeeded: length >> 16)
        bytes[2] = UInt8(truncatingIfNeeded: length >> 8)
        bytes[3] = UInt8(truncatingIfNeeded: length)
        return bytes
    }
}
