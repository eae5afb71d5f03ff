import TermindApplication
import TermindDomain
#if canImport(Glibc)
import Glibc
#endif

/// Keepalives once established, with OpenSSH's `ServerAliveInterval`/`ServerAliveCountMax`
/// meaning: after `interval` seconds with nothing from the server one asks for an answer, and
/// after `countMax` unanswered the connection counts as lost.
///
/// While a channel or tunnel is open, libssh2's own keepalive goes out and its answer is read
/// with the channels. With none open, libssh2 1.10 reads nothing (its transport is read only for
/// a channel), so an answer would never be noticed: the loop sends a probe instead, an open of a
/// channel type no server has, which every server refuses and whose wait reads the socket.
extension WorkerLoop {
    /// Whether something open reads what the server sends (then libssh2's keepalives do).
    private var readsFromServer: Bool { !(channels.isEmpty && tunnels.isEmpty) }

    /// The silence after which the peer counts as lost, or nil while nothing waits for it.
    /// With channels, the first keepalive goes one interval into a silence, one more each
    /// interval, and the last gets an interval to be answered; a probe goes one interval into
    /// the silence already, so its count starts there.
    private var silenceLimit: Duration? {
        guard keepalive.isOn else { return nil }
        if readsFromServer { return .seconds(keepalive.interval * (keepalive.countMax + 1)) }
        if probe != nil { return .seconds(keepalive.interval * keepalive.countMax) }
        return nil
    }

    func checkSilence(now: ContinuousClock.Instant) throws {
        guard let limit = silenceLimit else { return }
        let silence = lastInbound.duration(to: now)
        if silence > limit {
            throw SSHFailure(.dropped, connection: label, detail:
                "no answer from the server to \(keepalive.countMax) keepalives in \(silence.secondsText); "
                    + "the connection is considered lost, reconnect")
        }
    }

    /// When the loop must wake for keepalives: the next one, and the silence limit.
    func keepaliveDeadlines(now: ContinuousClock.Instant) -> [ContinuousClock.Instant] {
        guard keepalive.isOn else { return [] }
        var deadlines = [keepaliveDue ?? now]
        if let limit = silenceLimit { deadlines.append(lastInbound.advanced(by: limit)) }
        return deadlines
    }

    /// Sends a keepalive when one is due: libssh2's while channels read the answers, else a
    /// probe (one at a time: libssh2 keeps one channel open in progress per session).
    func sendKeepaliveIfDue(_ transport: any WorkerTransport, now: ContinuousClock.Instant) throws {
        guard keepalive.isOn else { return }
        if let keepaliveDue, now < keepaliveDue { return }
        if !readsFromServer {
            keepaliveDue = now.advanced(by: .seconds(keepalive.interval))
            guard probe == nil else { return }
            startProbe(transport)
            if resumption == nil, !outboundBlocked { _ = try runOperations() }
            return
        }
        // libssh2 1.10 forgets a keepalive it could only partly send (later sends then fail),
        // so it is sent only when nothing is half-sent and the socket is writable.
        guard !outboundBlocked, resumption == nil, !sawBadUse, socketIsWritable() else { return }
        var secondsToNext = 0
        switch transport.sendKeepalive() {
        case .done(let seconds): secondsToNext = seconds
        case .wouldBlock: break
        case .failed(let fault): if fault.endsConnection { throw connectionLost("sending a keepalive", fault) }
        }
        keepaliveDue = now.advanced(by: .seconds(max(1, secondsToNext)))
    }

    /// Queues the probe; its answer (a refusal) counts as something from the server. Exempt
    /// from the I/O timeout: the silence limit decides.
    private func startProbe(_ transport: any WorkerTransport) {
        let step = WorkerOperation.Step("a keepalive") { [unowned transport] in transport.probe() }
        let operation = WorkerOperation("a keepalive", steps: [step]) { [unowned self] outcome in
            probe = nil
            if case .success = outcome { lastInbound = .now }
        }
        probe = operation
        operations.append(operation)
    }

    private func socketIsWritable() -> Bool {
        guard let fd = transport?.socketDescriptor, fd >= 0 else { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) == 1 && descriptor.revents & Int16(POLLOUT) != 0
    }
}
