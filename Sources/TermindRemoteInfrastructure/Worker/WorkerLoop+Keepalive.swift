import TermindApplication
import TermindDomain

/// Keepalives once established, with OpenSSH's `ServerAliveInterval`/`ServerAliveCountMax`
/// meaning as far as it goes: one asks for an answer every `interval` seconds, and `countMax`
/// intervals more with nothing from the server count the connection as lost.
///
/// A keepalive is a probe: an open of a channel type no server has, which every server refuses
/// and whose own wait reads the answer, one at a time through the operation queue. Not
/// libssh2's keepalive: 1.10 reads nothing without a channel to read (the answer would never be
/// noticed), and keeps each answer (REQUEST_FAILURE) queued for good, where the next
/// `tcpip-forward` took the oldest as its own: a remote forward asked for after a keepalive was
/// refused.
extension WorkerLoop {
    /// Whether something open reads what the server sends (its data counts as an answer).
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

    /// Queues a probe when one is due (one at a time: libssh2 keeps one channel open in
    /// progress per session, and an unanswered one is left to the silence limit).
    func sendKeepaliveIfDue(_ transport: any WorkerTransport, now: ContinuousClock.Instant) throws {
        guard keepalive.isOn else { return }
        if let keepaliveDue, now < keepaliveDue { return }
        keepaliveDue = now.advanced(by: .seconds(keepalive.interval))
        guard probe == nil else { return }
        startProbe(transport)
        if resumption == nil, !outboundBlocked { _ = try runOperations() }
    }

    /// Queues the probe; its answer (a refusal) counts as something from the server. Exempt
    /// from the I/O timeout: the silence limit decides.
    private func startProbe(_ transport: any WorkerTransport) {
        let step = WorkerOperation.Step("a keepalive") { [unowned transport] in transport.probe() }
        let operation = WorkerOperation("a keepalive", steps: [step]) { [unowned self] outcome in
            probe = nil
            if case .success = outcome { lastInbound = clock.now }
        }
        probe = operation
        operations.append(operation)
    }
}
