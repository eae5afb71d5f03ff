import Foundation
import TermindApplication
import TermindDomain
#if canImport(Glibc)
import Glibc
#endif

/// The worker thread's side of a `ConnectionWorker`: the session, every channel and tunnel on
/// it, the queue of requests to the server, and the loop that runs them. It makes no libssh2
/// call itself: while connecting it runs `SSH2Session`'s blocking steps (`WorkerLoop+Setup`),
/// and once established it drives a `WorkerTransport` (the session, or a test's fake), whose
/// every call returns an `SSH2Result`.
///
/// Each turn of the loop runs the jobs in the mailbox, then (once established) pumps the
/// transport: the operation at the head of the queue, every channel's reads and writes, every
/// tunnel, keepalives (`WorkerLoop+Keepalive`); then it `poll`s the wake-up eventfd, the session socket and the tunnels'
/// socket ends, with a timeout from the nearest deadline.
///
/// libssh2 rules this loop keeps (1.10):
/// - After a call would block while *sending* (`SSH2Blocking.outbound`: a partly sent packet),
///   the next libssh2 call must be that same call: any other send fails with
///   `LIBSSH2_ERROR_BAD_USE` (`.behindHalfSentPacket`). The loop records it in `resumption`
///   and retries it first, once the socket is writable.
/// - A request that waits for its answer fails when its wait reads another channel's answer
///   (issue 671): every request that wants an answer goes through the operation queue, one at
///   a time, and is waited for (the signal before a close too: `queueSignal`).
/// - One channel's read drains the transport for all: another channel's data can wait in
///   libssh2's queue while the socket is quiet, so the loop asks `hasBufferedData` before
///   sleeping, and lets the transport read (`processIncoming`) when no channel was read.
///
/// Confined to the worker thread: created there and used only by the loop and the jobs it runs;
/// not `Sendable`.
final class WorkerLoop {
    /// What to retry first after libssh2 blocked in the middle of sending a packet.
    enum Resumption {
        case operation
        case read(Int)
        case write(Int)
        case tunnelInbound(Int)
        case tunnelOutbound(Int)
        case listener(Int)
    }

    let worker: ConnectionWorker
    let ioTimeout: Duration
    /// This hop's keepalive (its Host's): seconds of silence before one, and how many may go unanswered.
    let keepalive: Keepalive
    var keepaliveInterval: Int { keepalive.interval }
    /// How long the answer to a signal sent before a close is waited for (`queueSignal`).
    var signalPatience: Duration = .seconds(2)
    let logger: any Logger
    var label: String { worker.label }
    /// The time its keepalives, silence limit and operation timeouts are counted in (a test's
    /// clock drives them without waiting).
    let clock: ClockReader

    /// The session while connecting, for the blocking steps of `WorkerLoop+Setup`.
    var session: SSH2Session?
    /// What the loop drives once established: the session, or a test's fake.
    var transport: (any WorkerTransport)?
    /// Set once authentication is done: from then on the loop pumps the session.
    var established = false
    var channels: [Int: WorkerChannel] = [:]
    var tunnels: [Int: WorkerTunnel] = [:]
    /// Forwarding rules' listeners, and SOCKS clients still in their handshake.
    var listeners: [Int: WorkerListener] = [:]
    var socksClients: [Int: WorkerSOCKSClient] = [:]
    /// Requests to the server, run one at a time, first first.
    var operations: [WorkerOperation] = []
    private var lastIdentifier = 0
    /// A failure decided on this thread (an interaction that was cancelled or refused) that
    /// ends the libssh2 call waiting now.
    var localAbort: (any Error)?
    var resumption: Resumption?
    /// libssh2 waits to send: `poll` for POLLOUT on the session socket.
    var outboundBlocked = false
    /// When a call was first blocked behind another's half-sent packet, in a row; that must
    /// clear within the I/O timeout.
    var badUseSince: ContinuousClock.Instant?
    var sawBadUse = false
    /// The last time anything arrived from the server, for keepalive-based dead-peer detection.
    var lastInbound: ContinuousClock.Instant
    var keepaliveDue: ContinuousClock.Instant?
    /// Whether a channel or tunnel was read in the current pass.
    var didRead = false
    /// One buffer for every read on this thread.
    var readBuffer = [UInt8](repeating: 0, count: 32_768)

    /// Linux's POLLRDHUP (the peer shut its side), which Glibc's Swift module leaves out.
    static let peerHangUp: Int32 = 0x2000
    /// The session socket reported the server's close while no channel was there to read it.
    var peerClosed = false

    /// The keepalive sent while no channel is open, until the server answers it.
    var probe: WorkerOperation?

    init(
        worker: ConnectionWorker, ioTimeout: Duration, keepalive: Keepalive, logger: any Logger,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.worker = worker
        self.ioTimeout = ioTimeout
        self.keepalive = keepalive
        self.logger = logger
        self.clock = ClockReader(clock)
        lastInbound = self.clock.now
    }

    /// A new identifier for a channel or tunnel.
    func nextIdentifier() -> Int {
        lastIdentifier += 1
        return lastIdentifier
    }

    // MARK: - The loop

    /// Runs until the worker is closed, aborted or loses its connection; then disconnects,
    /// ends every stream and marks the worker ended.
    func run() {
        while true {
            worker.wake.drain()
            let jobs = worker.takeJobs()
            if let ending = worker.requestedAbort {
                let failure = ending.failure(connection: label)
                for job in jobs { job.reject(failure) }
                return end(ending)
            }
            for job in jobs { job.perform(self) }
            if let ending = worker.requestedAbort { return end(ending) }

            var timeout: Int32 = -1
            if established {
                do {
                    timeout = try pump()
                } catch {
                    return end(.failed(SSHFailure.from(error, connection: label)))
                }
            }
            // A job can come while a blocking step runs: its wake-up is drained by that step's
            // own wait (`SSH2WaitInterruption`), so the mailbox is looked at before sleeping.
            if !worker.hasJobs { waitForEvents(timeout: timeout) }
        }
    }

    /// Pumps until no progress is made (bounded, so the mailbox gets its turn), checks the
    /// deadlines, sends a keepalive when due, and returns how long `poll` may wait
    /// (milliseconds, -1 for no limit).
    func pump() throws -> Int32 {
        guard let transport else {
            throw SSHFailure(.dropped, connection: label, detail: "the session is gone; reconnect")
        }
        if peerClosed {
            throw SSHFailure(.dropped, connection: label, detail: "the server closed the connection; reconnect")
        }
        var passes = 0
        var busy = false
        repeat {
            busy = try pass()
            passes += 1
        } while busy && !outboundBlocked && passes < 16

        let now = clock.now
        if sawBadUse {
            let since = badUseSince ?? now
            badUseSince = since
            if since.duration(to: now) > ioTimeout {
                throw SSHFailure(.dropped, connection: label, detail:
                    "libssh2 could not finish sending a packet within \(ioTimeout.secondsText); reconnect")
            }
        } else {
            badUseSince = nil
        }
        // Idle: nothing asked of the server, so its silence means nothing until a keepalive asks.
        if channels.isEmpty && tunnels.isEmpty && operations.isEmpty { lastInbound = now }
        if try checkDeadlines(now: now) { busy = true }
        try sendKeepaliveIfDue(transport, now: now)

        if sawBadUse { return 10 }  // wait a little for whoever owns the half-sent packet
        if !outboundBlocked && (busy || hasUnreadData()) { return 0 }
        return nextDeadline(now: now)
    }

    /// One pass over everything: the blocked call first, the operation queue, every channel,
    /// every tunnel. Returns whether anything moved.
    func pass() throws -> Bool {
        outboundBlocked = false
        sawBadUse = false
        didRead = false
        var progress = false
        if let resumption {
            self.resumption = nil
            progress = try resume(resumption)
            if outboundBlocked { return progress }
        }
        progress = try runOperations() || progress
        if outboundBlocked { return progress }
        for id in channels.keys.sorted() {
            guard let channel = channels[id] else { continue }
            progress = try pumpChannel(channel) || progress
            if outboundBlocked { return progress }
        }
        for id in tunnels.keys.sorted() {
            guard let tunnel = tunnels[id] else { continue }
            progress = try pumpTunnel(tunnel) || progress
            if outboundBlocked { return progress }
        }
        if !didRead { try drainTransport() }
        // The reads above take every packet the socket holds, an operation's answer among
        // them: it waits in libssh2's queue, and the quiet socket would not wake the loop.
        if !operations.isEmpty, !outboundBlocked { progress = try runOperations() || progress }
        if outboundBlocked { return progress }
        // Last, for the same reason: the server's channel opens for a remote rule, read by any
        // call above, wait in libssh2's queue; accepting reads the socket dry and takes them all.
        progress = try pumpForwarding() || progress
        return progress
    }

    /// Retries exactly the call that blocked while sending.
    private func resume(_ resumption: Resumption) throws -> Bool {
        switch resumption {
        case .operation:
            return try runOperations()
        case .read(let id):
            guard let channel = channels[id] else { return false }
            return try pumpChannel(channel)
        case .write(let id):
            guard let channel = channels[id], let remote = channel.remote else { return false }
            return try writeChannel(channel, remote, resuming: true)
        case .tunnelInbound(let id):
            guard let tunnel = tunnels[id] else { return false }
            return try pumpTunnel(tunnel)
        case .tunnelOutbound(let id):
            guard let tunnel = tunnels[id], let remote = tunnel.remote else { return false }
            return try pumpTunnelOutbound(tunnel, remote)
        case .listener(let id):
            guard let listener = listeners[id] else { return false }
            return try acceptRemote(listener)
        }
    }

    /// Runs the operation queue until the head would block.
    func runOperations() throws -> Bool {
        var progress = false
        while let operation = operations.first {
            switch operation.advance(at: clock.now) {
            case .wouldBlock(let blocking):
                noteWouldBlock(blocking, resumption: .operation)
                return progress
            case .done:
                operations.removeFirst()
                progress = true
                for skipped in operation.skipped {
                    logger.debug("\(label): \(skipped.step) was refused (\(describe(skipped.step, skipped.fault))); continuing")
                }
                operation.complete(.success(()))
            case .failed(let step, let fault):
                if fault.endsConnection { throw connectionLost(step, fault) }
                operations.removeFirst()
                progress = true
                operation.complete(.failure(SSHFailure(.channel, connection: label, detail: describe(step, fault))))
            }
        }
        return progress
    }

    /// Takes a transport call's result: notes what a would-block waits for, and throws when
    /// the failure ends the connection; otherwise hands the result back.
    @inline(__always)
    func check<Value>(
        _ result: SSH2Result<Value>, resumption: Resumption, doing what: @autoclosure () -> String
    ) throws -> SSH2Result<Value> {
        switch result {
        case .done:
            break
        case .wouldBlock(let blocking):
            noteWouldBlock(blocking, resumption: resumption)
        case .failed(let fault):
            if fault.endsConnection { throw connectionLost(what(), fault) }
        }
        return result
    }

    /// Records that a call would block: when it blocked while sending, the same call must be
    /// retried first, once the socket is writable.
    func noteWouldBlock(_ blocking: SSH2Blocking, resumption: Resumption) {
        if blocking.contains(.behindHalfSentPacket) { sawBadUse = true }
        if blocking.contains(.outbound) {
            outboundBlocked = true
            self.resumption = resumption
        }
    }

    /// A failed step, as a sentence with advice.
    func describe(_ what: String, _ fault: SSH2Fault) -> String {
        fault.error(what, kind: .channel, host: transport?.host ?? "", port: transport?.port ?? 0).description
    }

    /// The failure that ends the connection after `fault`.
    func connectionLost(_ what: String, _ fault: SSH2Fault) -> SSHFailure {
        let error = fault.error(what, kind: .disconnected, host: transport?.host ?? "", port: transport?.port ?? 0)
        return SSHFailure(error.kind == .timeout ? .timeout : .dropped, connection: label, detail: error.description)
    }

    /// Gives the server back the window this side has read, once half of `window` is used.
    /// libssh2 1.10 grows it only when it has fallen below one read's size, and then by that
    /// read's size, so the server waited for window with most of it unused (a 16 MiB SFTP
    /// window worked as one of 256 to 512 KiB). Returns false when the adjustment is not out
    /// (it blocked, or the channel failed: `check` and the caller's next call say which).
    func topUpWindow(
        of remote: any WorkerTransportChannel, to window: UInt32, resumption: Resumption, doing purpose: @autoclosure () -> String
    ) throws -> Bool {
        let left = remote.receiveWindow
        guard left < UInt64(window / 2) else { return true }
        let result = remote.growReceiveWindow(by: window - UInt32(clamping: left))
        if case .done = try check(result, resumption: resumption, doing: "giving window to \(purpose())") { return true }
        return false
    }

    /// Whether a channel that may be read has data waiting in libssh2's queue (read by another
    /// channel's transport drain): then `poll` must not sleep.
    func hasUnreadData() -> Bool {
        for channel in channels.values where channel.wantsReading {
            if channel.remote?.hasBufferedData == true { return true }
        }
        for tunnel in tunnels.values where !tunnel.closing && !tunnel.hasPendingToLocal && !tunnel.remoteEOF {
            if tunnel.remote?.hasBufferedData == true { return true }
        }
        return false
    }

    /// Lets the transport read what the server sent (keepalive answers, window adjustments,
    /// requests) when no channel was read this pass, without taking data nobody asked for.
    private func drainTransport() throws {
        let remote = channels.values.lazy.filter { $0.phase != .closing }.compactMap(\.remote).first
            ?? tunnels.values.lazy.filter { !$0.closing }.compactMap(\.remote).first
        guard let remote else { return }
        if case .failed(let fault) = remote.processIncoming(), fault.endsConnection {
            throw connectionLost("reading from the server", fault)
        }
    }

    // MARK: - Deadlines

    /// Returns whether an operation was given up (what waited for it goes on at the next pass).
    private func checkDeadlines(now: ContinuousClock.Instant) throws -> Bool {
        var gaveUp = false
        if let operation = operations.first, let patience = operation.patience, let started = operation.started,
           started.duration(to: now) >= patience {
            operations.removeFirst()
            logger.debug("\(label): no answer within \(patience.secondsText) to \(operation.purpose); going on without it")
            operation.complete(.success(()))
            gaveUp = true
        }
        if let operation = operations.first, operation !== probe, let started = operation.started,
           started.duration(to: now) > ioTimeout {
            throw SSHFailure(.timeout, connection: label, detail:
                "no answer from the server within \(ioTimeout.secondsText) to \(operation.purpose); "
                    + "the connection is considered lost, reconnect")
        }
        try checkSilence(now: now)
        return gaveUp
    }

    /// Milliseconds until the next deadline (operation timeout, keepalive, dead peer), or -1.
    private func nextDeadline(now: ContinuousClock.Instant) -> Int32 {
        var deadlines: [ContinuousClock.Instant] = []
        if let head = operations.first, let started = head.started {
            deadlines.append(started.advanced(by: head.patience.map { min($0, ioTimeout) } ?? ioTimeout))
        }
        // PTY input waiting for its pacing to relax (`TerminalInputPacing`).
        deadlines += channels.values.compactMap { $0.outbound.isEmpty ? nil : $0.pacedUntil }
        // SOCKS handshakes that must end in time.
        if let soonest = socksClients.values.map(\.deadline).min() { deadlines.append(soonest) }
        // Listeners paused for want of descriptors.
        deadlines += listeners.values.compactMap { $0.backoff.pauseEnd(after: now) }
        deadlines += keepaliveDeadlines(now: now)
        guard let nearest = deadlines.min() else { return -1 }
        return max(.zero, now.duration(to: nearest)).pollMilliseconds
    }

    // MARK: - Waiting

    /// What the next `poll` waits for on the session socket: data while anything may come,
    /// room to write while a half-sent packet waits (0: the socket is not polled).
    var socketEvents: Int16 {
        guard established else { return 0 }
        var events: Int32 = 0
        if !(channels.isEmpty && tunnels.isEmpty && operations.isEmpty) || listeners.values.contains(where: { $0.remote != nil }) {
            events |= POLLIN
        } else if !listeners.isEmpty {
            // Only local listeners: nothing would read what arrives (a keepalive's answer), so
            // POLLIN would wake the loop forever; the peer's close is what matters.
            events |= Self.peerHangUp
        }
        if outboundBlocked { events |= POLLOUT }
        return Int16(events)
    }

    /// Polls the wake-up eventfd, the session socket (once established and something may come)
    /// and the tunnels' socket ends.
    private func waitForEvents(timeout: Int32) {
        var descriptors = [pollfd(fd: worker.wake.descriptor, events: Int16(POLLIN), revents: 0)]
        var socketIndex: Int?
        let events = socketEvents
        if events != 0, let fd = transport?.socketDescriptor, fd >= 0 {
            socketIndex = descriptors.count
            descriptors.append(pollfd(fd: fd, events: events, revents: 0))
        }
        for tunnel in tunnels.values where tunnel.localEvents != 0 {
            descriptors.append(pollfd(fd: tunnel.localDescriptor, events: tunnel.localEvents, revents: 0))
        }
        let now = ContinuousClock.now
        for listener in listeners.values where listener.descriptor >= 0 && listener.backoff.pauseEnd(after: now) == nil {
            descriptors.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
        }
        for client in socksClients.values where client.descriptor >= 0 && !client.connecting {
            descriptors.append(pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready > 0, let socketIndex, descriptors[socketIndex].revents & Int16(POLLIN) != 0 {
            lastInbound = clock.now
        }
        if ready > 0, let socketIndex, events & Int16(POLLIN) == 0,
           Int32(descriptors[socketIndex].revents) & (Self.peerHangUp | POLLHUP | POLLERR) != 0 {
            peerClosed = true
        }
    }

    // MARK: - The end

    /// Ends every stream and waiting call, disconnects (saying goodbye when closed from this
    /// side), and marks the worker ended.
    func end(_ ending: ConnectionWorker.Ending) {
        let failure = ending.failure(connection: label)
        switch ending {
        case .closed:
            // The keystream's count says whether libssh2's AES-CTR went through it in this process.
            logger.debug("\(label): closing the connection (keystream: \(SSH2Library.keystream.refills) blocks of 4 KiB made in this process)")
        case .failed(let failure): logger.info("\(label): the connection ended: \(failure.detail)")
        }
        let pending = operations
        operations = []
        for operation in pending { operation.complete(.failure(failure)) }
        for channel in channels.values {
            if case .failed(let failure) = ending {
                channel.output.finish(throwing: failure)
            } else {
                channel.output.finish()
            }
            channel.failPending(failure)
            channel.remote = nil  // freed with the session
            channel.finishClosing()
        }
        channels = [:]
        for tunnel in tunnels.values {
            tunnel.remote = nil
            tunnel.closeLocal()
        }
        tunnels = [:]
        for listener in listeners.values {
            listener.remote = nil  // freed with the session
            listener.close()
        }
        listeners = [:]
        for client in socksClients.values { client.close() }
        socksClients = [:]
        transport?.disconnect()
        session?.disconnect()
        transport = nil
        session = nil
        worker.markEnded(ending)
    }
}
