import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking IPv4 loopback TCP socket for tests: a client (`connect`) whose reads give up
/// after five seconds, or a listener (`listen`) that holds a port. Closed by `close` or when
/// released.
public final class TCPSocket: @unchecked Sendable {
    public private(set) var descriptor: Int32
    /// The local port (the one chosen when listening on 0).
    public let port: Int

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close() }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func newSocket() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestRigError("socket: \(String(cString: strerror(errno)))") }
        return descriptor
    }

    /// Connects to 127.0.0.1:`port`; throws when refused.
    public static func connect(port: Int) throws -> TCPSocket {
        let descriptor = try newSocket()
        var address = loopback(port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw TestRigError("connecting to 127.0.0.1:\(port): \(reason)")
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return TCPSocket(descriptor: descriptor)
    }

    /// Listens on 127.0.0.1:`port` (0: any free port).
    public static func listen(port: Int) throws -> TCPSocket {
        let descriptor = try newSocket()
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw TestRigError("listening on 127.0.0.1:\(port): \(reason)")
        }
        return TCPSocket(descriptor: descriptor)
    }

    public func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw TestRigError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads exactly `count` bytes; throws on the end of the stream or the timeout.
    public func read(count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1, count))
        while bytes.count < count {
            let wanted = count - bytes.count
            let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            guard received > 0 else {
                throw TestRigError(received == 0 ? "the connection ended after \(bytes.count) bytes" : "recv: \(String(cString: strerror(errno)))")
            }
            bytes += chunk[0..<received]
        }
        return bytes
    }

    public func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
