import Foundation
import Synchronization
import TermindTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A TCP forwarder on 127.0.0.1 for one connection to `target`, which a test can `freeze`: it
/// then stops moving bytes without closing anything, like a peer that vanished from the network.
/// Runs on a thread of its own; `stop()` (or release) closes everything.
final class FreezableProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let state = Mutex((frozen: false, stopped: false))

    init(targetPort: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 1) == 0 else {
            close(fd)
            throw TestRigError("the proxy could not listen")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let accepting = listener
        Thread { [self] in forward(listener: accepting, targetPort: targetPort) }.start()
    }

    deinit { stop() }

    /// Stops forwarding; the connections stay open and silent.
    func freeze() { state.withLock { $0.frozen = true } }

    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private func forward(listener: Int32, targetPort: Int) {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
            close(listener)
            return
        }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: targetPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        defer {
            close(client)
            close(server)
            close(listener)
        }
        guard connected == 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let (frozen, stopped) = state.withLock { ($0.frozen, $0.stopped) }
            if stopped { return }
            if frozen {
                usleep(50_000)  // a frozen network passes nothing: the stall is the behaviour under test
                continue
            }
            var descriptors = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, 50) >= 0 else { return }
            for (from, to) in [(0, server), (1, client)] where descriptors[from].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(descriptors[from].fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                let sent = buffer.withUnsafeBytes { send(to, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
                guard sent == count else { return }
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
