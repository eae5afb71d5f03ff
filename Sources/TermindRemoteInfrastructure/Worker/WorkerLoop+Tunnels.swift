import Foundation
import TermindApplication
#if canImport(Glibc)
import Glibc
#endif

/// `direct-tcpip` tunnels for jump hosts: opening one to the next hop, and pumping bytes between
/// the channel and the socket pair whose other end is the next hop's session socket. Runs on the
/// worker thread (jobs and the loop).
extension WorkerLoop {
    /// Opens a `direct-tcpip` channel to `host:port` and bridges it to a new socket pair;
    /// resumes `continuation` with the other end of the pair, which the caller owns (it becomes
    /// the next hop's session socket). Fails with `.connect` when the server cannot reach the
    /// destination.
    func openTunnel(to host: String, port: Int, continuation: CheckedContinuation<Int32, any Error>) {
        let destination = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        guard let transport else {
            continuation.resume(throwing: SSHFailure(.dropped, connection: label, detail: "the session is gone; reconnect"))
            return
        }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            continuation.resume(throwing: SSHFailure(.connect, connection: label, detail:
                "cannot create a socket pair for the tunnel to \(destination): \(String(cString: strerror(errno)))"))
            return
        }
        let flags = fcntl(pair[0], F_GETFL)
        _ = fcntl(pair[0], F_SETFL, flags | O_NONBLOCK)
        let tunnel = WorkerTunnel(id: nextIdentifier(), destination: destination, localDescriptor: pair[0])
        let remoteEnd = pair[1]
        let opening = WorkerOperation.Step("opening a direct-tcpip channel to \(destination)") { [unowned tunnel] in
            switch transport.openDirectTCPIP(host: host, port: port) {
            case .done(let remote):
                tunnel.remote = remote
                return .done(())
            case .wouldBlock(let blocking): return .wouldBlock(blocking)
            case .failed(let fault): return .failed(fault)
            }
        }
        operations.append(WorkerOperation("opening a tunnel to \(destination)", steps: [opening]) { [unowned self] outcome in
            switch outcome {
            case .success:
                tunnels[tunnel.id] = tunnel
                logger.debug("\(label): tunnel \(tunnel.id) open to \(destination)")
                continuation.resume(returning: remoteEnd)
            case .failure(let failure):
                tunnel.closeLocal()
                close(remoteEnd)
                let kind: SSHFailure.Kind = failure.kind == .channel ? .connect : failure.kind
                continuation.resume(throwing: SSHFailure(kind, connection: label, detail:
                    "the server could not open a connection to \(destination): \(failure.detail)"))
            }
        })
    }

    /// Moves bytes from the channel to the socket (and then the other way); returns whether
    /// anything moved. The first transport call here is the channel read, so a read that
    /// blocked while sending a window adjustment resumes here.
    func pumpTunnel(_ tunnel: WorkerTunnel) throws -> Bool {
        guard let remote = tunnel.remote else { return false }
        if tunnel.closing { return try pumpClosing(tunnel, remote) }
        if tunnel.connecting && !finishConnecting(tunnel) { return false }
        var progress = false
        for _ in 0..<8 {
            if tunnel.hasPendingToLocal {
                guard flushToLocal(tunnel) else { break }
                progress = true
                continue
            }
            if tunnel.remoteEOF || tunnel.localDescriptor < 0 { break }
            didRead = true
            guard try topUpWindow(of: remote, to: WorkerTunnel.window, resumption: .tunnelInbound(tunnel.id),
                                  doing: "the tunnel to \(tunnel.destination)") else { break }
            let result = readBuffer.withUnsafeMutableBytes { remote.read(.stdout, into: $0) }
            switch try check(result, resumption: .tunnelInbound(tunnel.id), doing: "reading the tunnel to \(tunnel.destination)") {
            case .done(0):
                if remote.receivedEOF {
                    tunnel.remoteEOF = true
                    tunnel.shutdownLocalWrites()
                    progress = true
                }
            case .done(let count):
                tunnel.toLocal = Array(readBuffer[0..<count])
                tunnel.toLocalOffset = 0
                tunnel.meter?.received(count)
                lastInbound = clock.now
                progress = true
                continue
            case .wouldBlock:
                if outboundBlocked { return progress }
            case .failed(let fault):
                logger.info("\(label): the tunnel to \(tunnel.destination) failed: \(describe("reading the tunnel", fault))")
                tunnel.closeLocal()
                progress = true
            }
            break
        }
        if outboundBlocked { return progress }
        progress = try pumpTunnelOutbound(tunnel, remote) || progress
        if tunnel.isFinished && !tunnel.closing {
            beginClosing(tunnel)
            progress = true
        }
        return progress
    }

    /// Moves bytes from the socket to the channel, then sends EOF once the next hop closed its
    /// end. The first transport call here is the channel write (or EOF) that may have blocked.
    func pumpTunnelOutbound(_ tunnel: WorkerTunnel, _ remote: any WorkerTransportChannel) throws -> Bool {
        var progress = false
        for _ in 0..<8 {
            if tunnel.hasPendingToRemote {
                let remaining = tunnel.toRemote.count - tunnel.toRemoteOffset
                let offset = tunnel.toRemoteOffset
                let written = tunnel.toRemote.withUnsafeBytes { bytes in
                    remote.write(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + remaining)]))
                }
                switch try check(written, resumption: .tunnelOutbound(tunnel.id), doing: "writing the tunnel to \(tunnel.destination)") {
                case .done(0), .wouldBlock:
                    return progress
                case .done(let count):
                    tunnel.toRemoteOffset += count
                    progress = true
                    continue
                case .failed(let fault):
                    logger.info("\(label): the tunnel to \(tunnel.destination) failed: \(describe("writing the tunnel", fault))")
                    tunnel.closeLocal()
                    return true
                }
            }
            if tunnel.localEOF || tunnel.localDescriptor < 0 { break }
            let count = readBuffer.withUnsafeMutableBytes { recv(tunnel.localDescriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                tunnel.toRemote = Array(readBuffer[0..<count])
                tunnel.toRemoteOffset = 0
                tunnel.meter?.sent(count)
                progress = true
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if count < 0 && errno == EINTR { continue }
            tunnel.localEOF = true  // closed (0) or reset: the next hop is gone
            progress = true
            break
        }
        if tunnel.localEOF && !tunnel.hasPendingToRemote && !tunnel.eofSent {
            switch try check(remote.sendEOF(), resumption: .tunnelOutbound(tunnel.id),
                             doing: "sending EOF through the tunnel to \(tunnel.destination)") {
            case .done, .failed:
                tunnel.eofSent = true
                progress = true
            case .wouldBlock:
                break
            }
        }
        return progress
    }

    /// Writes what waits for the next hop; false when the socket is full (or gone).
    private func flushToLocal(_ tunnel: WorkerTunnel) -> Bool {
        let offset = tunnel.toLocalOffset
        let sent = tunnel.toLocal.withUnsafeBytes { bytes in
            send(tunnel.localDescriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        if sent > 0 {
            tunnel.toLocalOffset += sent
            if !tunnel.hasPendingToLocal {
                tunnel.toLocal = []
                tunnel.toLocalOffset = 0
            }
            return true
        }
        if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return false }
        // EPIPE, ECONNRESET: the next hop closed its end.
        tunnel.toLocal = []
        tunnel.toLocalOffset = 0
        tunnel.localEOF = true
        return false
    }

    /// Starts closing the tunnel: its socket end is closed now, its channel closed and freed
    /// by the loop.
    func beginClosing(_ tunnel: WorkerTunnel) {
        tunnel.closing = true
        tunnel.closeLocal()
        logger.debug("\(label): closing the tunnel to \(tunnel.destination)")
    }

    /// Closes and frees the tunnel's channel (see `pumpClosing` for channels: libssh2 1.10
    /// returns from the close once some packet arrived after it).
    private func pumpClosing(_ tunnel: WorkerTunnel, _ remote: any WorkerTransportChannel) throws -> Bool {
        didRead = true
        if !tunnel.closeDone {
            switch try check(remote.close(), resumption: .tunnelInbound(tunnel.id), doing: "closing the tunnel to \(tunnel.destination)") {
            case .done, .failed: tunnel.closeDone = true
            case .wouldBlock: return false
            }
        }
        switch try check(remote.free(), resumption: .tunnelInbound(tunnel.id), doing: "freeing the tunnel to \(tunnel.destination)") {
        case .wouldBlock:
            return false
        case .done, .failed:
            tunnel.remote = nil
            tunnels[tunnel.id] = nil
            return true
        }
    }
}
