/// The server side of a SOCKS handshake (SOCKS5 without authentication, SOCKS4 and 4a),
/// CONNECT only, fed the client's bytes as they arrive. Domain names are not resolved here:
/// they go to the SSH server as the `direct-tcpip` host. Whatever the client sends, the
/// negotiation holds at most `limit` bytes and ends in a reply or a refusal, never a trap.
public struct SOCKSNegotiation: Sendable {
    public enum Step: Equatable, Sendable {
        /// The message is not complete yet.
        case needMore
        /// Send these bytes and go on reading (SOCKS5's method choice).
        case send([UInt8])
        /// Connect to `host:port`, then answer with `reply(success:)`; `leftover` came after
        /// the request and belongs to the target.
        case connect(host: String, port: Int, leftover: [UInt8])
        /// Send `reply` (possibly empty) and close: `reason` says why, for the log.
        case refuse(reply: [UInt8], reason: String)
    }

    /// Why a connection through SSH failed, as SOCKS reply codes tell it.
    public enum Failure: Sendable, Equatable {
        case general, notAllowed, networkUnreachable, hostUnreachable, refused
    }

    /// The longest handshake accepted: a SOCKS5 request is at most 262 bytes, a SOCKS4a one
    /// with a user id and a domain name is allowed as much.
    public static let limit = 1024

    private enum Phase { case greeting, request, connecting, done }
    private var phase = Phase.greeting
    private var buffer: [UInt8] = []
    /// 4 or 5, once the first byte came.
    public private(set) var version: UInt8 = 0

    public init() {}

    /// Takes bytes from the client and says what to do next.
    public mutating func receive(_ bytes: some Collection<UInt8>) -> Step {
        guard phase == .greeting || phase == .request else {
            return phase == .connecting ? .needMore : .refuse(reply: [], reason: "the handshake is over")
        }
        buffer.append(contentsOf: bytes)
        let step = parse()
        // Only a message still incomplete counts against the limit: bytes after a complete
        // greeting or request are the next message or the target's, so the outcome cannot
        // depend on how the client's bytes were cut into segments.
        if step == .needMore && buffer.count > Self.limit {
            return finish(refusal: [], "the client sent more than \(Self.limit) bytes of handshake")
        }
        return step
    }

    private mutating func parse() -> Step {
        guard let first = buffer.first else { return .needMore }
        // After a SOCKS5 greeting only a SOCKS5 request may follow.
        if phase == .request { return socks5Request() }
        version = first
        switch first {
        case 5: return socks5Greeting()
        case 4: return socks4Request()
        default: return finish(refusal: [], "the client speaks neither SOCKS4 nor SOCKS5 (first byte \(first))")
        }
    }

    /// The reply to send once the connection through the server opened or failed.
    public mutating func reply(failure: Failure?) -> [UInt8] {
        phase = .done
        if version == 4 { return [0, failure == nil ? 0x5A : 0x5B, 0, 0, 0, 0, 0, 0] }
        let code: UInt8 = switch failure {
        case nil: 0x00
        case .general: 0x01
        case .notAllowed: 0x02
        case .networkUnreachable: 0x03
        case .hostUnreachable: 0x04
        case .refused: 0x05
        }
        return [5, code, 0, 1, 0, 0, 0, 0, 0, 0]
    }

    private mutating func finish(refusal: [UInt8], _ reason: String) -> Step {
        phase = .done
        buffer = []
        return .refuse(reply: refusal, reason: reason)
    }

    /// VER NMETHODS METHODS...: only "no authentication" (0) is offered.
    private mutating func socks5Greeting() -> Step {
        guard buffer.count >= 2 else { return .needMore }
        let count = Int(buffer[1])
        guard count > 0 else { return finish(refusal: [5, 0xFF], "the SOCKS5 client offered no method") }
        guard buffer.count >= 2 + count else { return .needMore }
        let methods = buffer[2..<(2 + count)]
        buffer.removeFirst(2 + count)
        guard methods.contains(0) else {
            return finish(refusal: [5, 0xFF], "the SOCKS5 client offered no method without authentication")
        }
        phase = .request
        return .send([5, 0])
    }

    /// VER CMD RSV ATYP DST.ADDR DST.PORT.
    private mutating func socks5Request() -> Step {
        guard !buffer.isEmpty else { return .needMore }
        guard buffer.count >= 4 else { return .needMore }
        guard buffer[0] == 5 else { return finish(refusal: [], "the SOCKS5 request has version \(buffer[0])") }
        guard buffer[1] == 1 else {
            return finish(refusal: [5, 0x07, 0, 1, 0, 0, 0, 0, 0, 0], "the SOCKS5 command \(buffer[1]) is not CONNECT")
        }
        let host: String
        let end: Int
        switch buffer[3] {
        case 1:
            end = 4 + 4
            guard buffer.count >= end + 2 else { return .needMore }
            host = buffer[4..<end].map(String.init).joined(separator: ".")
        case 3:
            guard buffer.count >= 5 else { return .needMore }
            let length = Int(buffer[4])
            end = 5 + length
            guard buffer.count >= end + 2 else { return .needMore }
            guard length > 0, let name = Self.hostName(buffer[5..<end]) else {
                return finish(refusal: [5, 0x04, 0, 1, 0, 0, 0, 0, 0, 0], "the SOCKS5 domain name is empty or not a host name")
            }
            host = name
        case 4:
            end = 4 + 16
            guard buffer.count >= end + 2 else { return .needMore }
            host = stride(from: 4, to: end, by: 2).map { String(UInt16(buffer[$0]) << 8 | UInt16(buffer[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        default:
            return finish(refusal: [5, 0x08, 0, 1, 0, 0, 0, 0, 0, 0], "the SOCKS5 address type \(buffer[3]) is unknown")
        }
        let port = Int(buffer[end]) << 8 | Int(buffer[end + 1])
        let leftover = Array(buffer[(end + 2)...])
        buffer = []
        phase = .connecting
        return .connect(host: host, port: port, leftover: leftover)
    }

    /// VN CD DSTPORT DSTIP USERID NUL [HOST NUL] (4a when DSTIP is 0.0.0.x, x ≠ 0).
    private mutating func socks4Request() -> Step {
        guard buffer.count >= 8 else { return .needMore }
        guard buffer[1] == 1 else { return finish(refusal: [0, 0x5B, 0, 0, 0, 0, 0, 0], "the SOCKS4 command \(buffer[1]) is not CONNECT") }
        let port = Int(buffer[2]) << 8 | Int(buffer[3])
        guard let userEnd = buffer[8...].firstIndex(of: 0) else { return .needMore }
        let address = buffer[4..<8]
        var host = address.map(String.init).joined(separator: ".")
        var end = userEnd + 1
        if address.prefix(3).allSatisfy({ $0 == 0 }) && address.last != 0 {
            guard let nameEnd = buffer[end...].firstIndex(of: 0) else { return .needMore }
            guard nameEnd > end, let name = Self.hostName(buffer[end..<nameEnd]) else {
                return finish(refusal: [0, 0x5B, 0, 0, 0, 0, 0, 0], "the SOCKS4a host name is empty or not a host name")
            }
            host = name
            end = nameEnd + 1
        }
        let leftover = Array(buffer[end...])
        buffer = []
        phase = .connecting
        return .connect(host: host, port: port, leftover: leftover)
    }

    /// A host name of printable ASCII without spaces, or nil: any other byte (control, space,
    /// or not ASCII, so never decoded lossily) refuses the request with "host unreachable".
    private static func hostName(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
