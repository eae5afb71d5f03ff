import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens the TCP connection under an SSH session: resolves the host (IPv4 and IPv6), connects
/// without blocking to each address in turn within one overall timeout, and sets `TCP_NODELAY`
/// before anything is sent (libssh2's small packets otherwise wait for Nagle's algorithm).
///
/// Stateless; called on the session's thread. The returned descriptor is non-blocking and
/// close-on-exec, and belongs to the caller.
enum TCPConnector {
    static func connect(host: String, port: Int, timeout: Duration) throws -> Int32 {
        func failure(_ kind: SSH2Error.Kind, _ message: String, _ code: Int32) -> SSH2Error {
            SSH2Error(kind: kind, operation: "connect", message: message, code: code, host: host, port: port)
        }
        guard (1...65_535).contains(port) else {
            throw failure(.connect, "port \(port) is out of range 1-65535", 0)
        }

        let addresses: [SocketAddress]
        do {
            addresses = try SocketAddress.resolve(host, port: port, passive: false)
        } catch {
            throw failure(.resolve, "cannot resolve \(host): \(error.reason)", error.code)
        }

        let deadline = ContinuousClock.now.advanced(by: timeout)
        var lastError = failure(.connect, "no address to connect to", 0)
        for address in addresses {
            do {
                return try connect(to: address, deadline: deadline, failure: failure)
            } catch let error as SSH2Error {
                lastError = error
                if error.kind == .timeout { break }
            }
        }
        throw lastError
    }

    private static func connect(
        to address: SocketAddress, deadline: ContinuousClock.Instant,
        failure: (SSH2Error.Kind, String, Int32) -> SSH2Error
    ) throws -> Int32 {
        func systemFailure(_ what: String, _ code: Int32) -> SSH2Error {
            failure(.connect, "\(what): \(String(cString: strerror(code)))", code)
        }
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), Int32(IPPROTO_TCP))
        guard fd >= 0 else { throw systemFailure("socket", errno) }
        var keep = false
        defer { if !keep { close(fd) } }

        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw systemFailure("fcntl", errno) }
        var one: Int32 = 1
        guard setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw systemFailure("setsockopt TCP_NODELAY", errno)
        }

        if address.withSockaddr({ Glibc.connect(fd, $0, $1) }) != 0 {
            guard errno == EINPROGRESS || errno == EINTR else { throw systemFailure("connect", errno) }
            while true {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else {
                    throw failure(.timeout, "no TCP connection within the connect timeout", ETIMEDOUT)
                }
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, remaining.pollMilliseconds)
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 { throw systemFailure("poll", errno) }
                if ready == 0 { continue }
                break
            }
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 else {
                throw systemFailure("getsockopt SO_ERROR", errno)
            }
            if pending != 0 { throw systemFailure("connect", pending) }
        }
        keep = true
        return fd
    }
}

extension Duration {
    /// Whole milliseconds for `poll`, rounded up so a short wait is never zero, capped at Int32.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
