/// One message of the control socket's protocol (docs/behaviour.md §2, "Sharing across
/// processes"): a kind byte, the payload's length as 4 bytes big-endian, the payload. One
/// client connection carries one channel: the server first sends `identity`, the client one
/// `open…` request, the server `opened` or `refused`, then data both ways until `exit`,
/// `lost` or either side closes.
struct ControlFrame: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        // Server to client.
        case identity = 0x01
        case opened = 0x02
        case refused = 0x03
        case stdout = 0x10
        case stderr = 0x11
        case exit = 0x12
        case lost = 0x13
        // Client to server.
        case openExec = 0x20
        case openShell = 0x21
        case openSFTP = 0x22
        case stdin = 0x30
        case eof = 0x31
        case windowChange = 0x32
        case close = 0x33
    }

    /// The longest payload either side accepts; a longer length closes the connection.
    static let maxPayload = 256 * 1024
    /// Data is cut into frames of at most this many bytes.
    static let dataChunk = 64 * 1024
    static let headerSize = 5

    let kind: Kind
    let payload: [UInt8]

    init(_ kind: Kind, _ payload: [UInt8] = []) {
        self.kind = kind
        self.payload = payload
    }

    var encoded: [UInt8] {
        var bytes: [UInt8] = [kind.rawValue]
        bytes.reserveCapacity(Self.headerSize + payload.count)
        let length = UInt32(payload.count)
        bytes += [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
        bytes += payload
        return bytes
    }

    /// The payload's length from a header, checked against the kinds and the limit.
    static func header(_ bytes: [UInt8]) throws(ControlProtocolError) -> (Kind, Int) {
        guard let kind = Kind(rawValue: bytes[0]) else {
            throw ControlProtocolError("unknown frame kind \(bytes[0])")
        }
        let length = Int(bytes[1]) << 24 | Int(bytes[2]) << 16 | Int(bytes[3]) << 8 | Int(bytes[4])
        guard length <= maxPayload else {
            throw ControlProtocolError("a frame of \(length) bytes is over the limit of \(maxPayload)")
        }
        return (kind, length)
    }

    /// `bytes` as data frames of `kind`, at most `dataChunk` each.
    static func data(_ kind: Kind, _ bytes: [UInt8]) -> [ControlFrame] {
        stride(from: 0, to: bytes.count, by: dataChunk).map { start in
            ControlFrame(kind, Array(bytes[start..<min(start + dataChunk, bytes.count)]))
        }
    }
}
