import Foundation
import TermindApplication

/// A channel opened by the worker, as callers hold it: its identifier for later requests and
/// its output.
struct ChannelHandle: Sendable {
    let id: Int
    let output: ChannelOutput
}

/// Exec, PTY shell and subsystem channels on the established session: opening them, their
/// input, resizes, closing, and pumping their output. Runs on the worker thread (jobs and the
/// loop).
extension WorkerLoop {
    // MARK: - Requests (jobs)

    /// Opens an exec channel running `command`; resumes `continuation` once the server
    /// started it.
    func openExec(_ command: String, continuation: CheckedContinuation<ChannelHandle, any Error>) {
        let channel = makeChannel(purpose: RedactedCommand(command).description)
        channel.signalsOnClose = true
        open(channel, continuation: continuation, requests: [
            WorkerOperation.Step("starting \(channel.purpose)") { [unowned channel] in
                channel.request { $0.exec(command) }
            },
        ])
    }

    /// Opens a channel running the subsystem `name` (`sftp`) with the bulk sizing: a large
    /// window and output buffer, so many requests can be answered while the reader catches up.
    /// Resumes `continuation` once the server started it.
    func openSubsystem(_ name: String, continuation: CheckedContinuation<ChannelHandle, any Error>) {
        let channel = makeChannel(purpose: "the \(name) subsystem", sizing: .bulk)
        open(channel, continuation: continuation, requests: [
            WorkerOperation.Step("starting \(channel.purpose)") { [unowned channel] in
                channel.request { $0.startSubsystem(name) }
            },
        ])
    }

    /// Opens a shell, or `command` when given, on a PTY of type `term` and `size`, after asking
    /// the server to set `environment` (best effort: OpenSSH accepts only what its `AcceptEnv`
    /// lists).
    func openShell(
        term: String, size: TerminalSize, environment: [String: String], command: String? = nil,
        continuation: CheckedContinuation<ChannelHandle, any Error>
    ) {
        let channel = makeChannel(purpose: command.map { RedactedCommand($0).description } ?? "shell")
        channel.pacing = TerminalInputPacing(ignoredSoFar: transport?.simulatedEchoBytes ?? 0, now: .now)
        var requests = environment.sorted { $0.key < $1.key }.map { name, value in
            WorkerOperation.Step("setting \(name) for the shell", bestEffort: true) { [unowned channel] in
                channel.request { $0.setEnvironment(name, to: value) }
            }
        }
        requests.append(WorkerOperation.Step("requesting a \(size.columns)x\(size.rows) \(term) PTY") { [unowned channel] in
            channel.request { $0.requestPTY(term: term, size: size) }
        })
        requests.append(WorkerOperation.Step("starting \(channel.purpose)") { [unowned channel] in
            channel.request { remote in command.map { remote.exec($0) } ?? remote.startShell() }
        })
        open(channel, continuation: continuation, requests: requests)
    }

    /// Queues `bytes` for the channel's standard input; resumes `continuation` once libssh2
    /// has taken all of them.
    func write(_ bytes: [UInt8], to id: Int, continuation: CheckedContinuation<Void, any Error>) {
        guard let channel = channels[id], channel.phase == .running, !channel.eofSent, channel.eofWaiters.isEmpty else {
            continuation.resume(throwing: inputClosed(id))
            return
        }
        guard !bytes.isEmpty else {
            continuation.resume()
            return
        }
        channel.outbound.append(WorkerChannel.PendingWrite(bytes: bytes, continuation: continuation))
        channel.queuedBytes += bytes.count
    }

    /// Queues `bytes` behind what is queued and resumes `continuation` at once while the queue
    /// holds less than `WorkerChannel.sendHighWater`, else once it drains below that: a
    /// producer keeps the channel busy without waiting for each write. A write that fails
    /// later fails the next `send`, `write` or `closeInput`.
    func enqueue(_ bytes: [UInt8], to id: Int, continuation: CheckedContinuation<Void, any Error>) {
        guard let channel = channels[id], channel.phase == .running, !channel.eofSent, channel.eofWaiters.isEmpty else {
            continuation.resume(throwing: inputClosed(id))
            return
        }
        if !bytes.isEmpty {
            channel.outbound.append(WorkerChannel.PendingWrite(bytes: bytes, continuation: nil))
            channel.queuedBytes += bytes.count
        }
        if channel.queuedBytes < WorkerChannel.sendHighWater {
            continuation.resume()
        } else {
            channel.roomWaiters.append(continuation)
        }
    }

    /// Queues `bytes` behind what is queued, with no one waiting for them; a failure to write
    /// them goes to `failed`.
    func post(_ bytes: [UInt8], to id: Int, failed: @escaping @Sendable (any Error) -> Void) {
        guard let channel = channels[id], channel.phase == .running, !channel.eofSent, channel.eofWaiters.isEmpty else {
            failed(inputClosed(id))
            return
        }
        guard !bytes.isEmpty else { return }
        channel.outbound.append(WorkerChannel.PendingWrite(bytes: bytes, continuation: nil, failed: failed))
        channel.queuedBytes += bytes.count
    }

    /// Sends EOF on the channel's standard input after what is queued; resumes `continuation`
    /// once sent.
    func closeInput(of id: Int, continuation: CheckedContinuation<Void, any Error>) {
        guard let channel = channels[id], channel.phase == .running else {
            continuation.resume(throwing: inputClosed(id))
            return
        }
        if channel.eofSent {
            continuation.resume()
        } else {
            channel.eofWaiters.append(continuation)
        }
    }

    /// Asks for a window-change to `size`. When sizes come faster than the network, only the
    /// newest pending one is sent; a refused resize is logged, never a failure.
    func resize(_ id: Int, to size: TerminalSize) {
        guard let channel = channels[id], channel.phase == .running else { return }
        channel.pendingSize = size
        queueResize(channel)
    }

    /// Closes the channel from this side (its output finishes without `.exit`); resumes
    /// `continuation` once libssh2 freed it. A plain exec whose command has not ended gets
    /// `SIGTERM` first (RFC 4254 §6.9), as closing ends a PTY's command: sshd would leave it
    /// running with nobody to read it.
    func closeChannel(_ id: Int, continuation: CheckedContinuation<Void, any Error>) {
        guard let channel = channels[id] else {
            continuation.resume()
            return
        }
        channel.closeWaiters.append(continuation)
        guard channel.phase != .closing else { return }
        // After the command's EOF there is nothing left to stop (and a server that closed the
        // channel may never answer the signal).
        if channel.signalsOnClose, channel.phase == .running, channel.remote?.receivedEOF == false {
            queueSignal("TERM", to: channel)
        }
        channel.output.finish()
        channel.failPending(SSHFailure(.channel, connection: label, detail: "\(channel.purpose) was closed"))
        beginClosing(channel)
    }

    /// The server's SSH identification string (`SSH-2.0-OpenSSH_9.2p1 Debian-2`), once the
    /// session is up: some protocols differ by server (SFTP's SYMLINK order).
    var serverBanner: String? { transport?.serverBanner }

    // MARK: - Pumping (the loop)

    /// Reads, writes and watches the end of one channel; returns whether anything moved.
    func pumpChannel(_ channel: WorkerChannel) throws -> Bool {
        guard let remote = channel.remote else { return false }
        if channel.phase == .closing { return try pumpClosing(channel, remote) }
        var progress = false
        if channel.phase == .running {
            if !channel.output.isPaused {
                didRead = true
                progress = try readChannel(channel, remote)
                if outboundBlocked || channel.phase != .running { return progress }
            }
            progress = try writeChannel(channel, remote) || progress
            if outboundBlocked || channel.phase != .running { return progress }
            if !channel.output.isPaused, remote.receivedEOF {
                channel.phase = .awaitingClose
                progress = true
            }
        }
        if channel.phase == .awaitingClose {
            // The exit status comes in a request just before the server's close: wait for it.
            didRead = true
            switch try check(remote.waitClosed(), resumption: .read(channel.id), doing: "waiting for \(channel.purpose) to close") {
            case .done:
                deliverExit(channel, remote)
                progress = true
            case .wouldBlock:
                break
            case .failed(let fault):
                let detail = describe("waiting for \(channel.purpose) to close", fault)
                fail(channel, SSHFailure(.channel, connection: label, detail: detail))
                progress = true
            }
        }
        return progress
    }

    /// Reads stdout, then stderr, until the transport has nothing more, the budget is spent,
    /// or the reader falls behind.
    private func readChannel(_ channel: WorkerChannel, _ remote: any WorkerTransportChannel) throws -> Bool {
        guard try topUpWindow(of: remote, to: channel.sizing.window, resumption: .read(channel.id), doing: channel.purpose) else {
            return false
        }
        var progress = false
        var budget = max(256 << 10, channel.sizing.readSize)
        for stream in [ChannelStream.stdout, .stderr] {
            reading: while budget > 0 {
                let result = read(channel, remote, stream)
                switch try check(result, resumption: .read(channel.id), doing: "reading \(stream) of \(channel.purpose)") {
                case .done(0):
                    break reading  // EOF; the caller looks at it
                case .done(let count):
                    progress = true
                    budget -= count
                    lastInbound = clock.now
                    let bytes = readsOwnBuffer(channel)
                        ? Array(UnsafeBufferPointer(rebasing: channel.readBuffer[0..<count]))
                        : Array(readBuffer[0..<count])
                    if !channel.output.yield(stream == .stderr ? .stderr(bytes) : .stdout(bytes)) { return progress }
                case .wouldBlock:
                    if outboundBlocked { return progress }
                    break reading
                case .failed(let fault):
                    fail(channel, SSHFailure(.channel, connection: label, detail: describe("reading \(channel.purpose)", fault)))
                    return true
                }
            }
        }
        return progress
    }

    /// One read of `stream` into the channel's own buffer, or the loop's shared one.
    @inline(__always)
    private func read(_ channel: WorkerChannel, _ remote: any WorkerTransportChannel, _ stream: ChannelStream) -> SSH2Result<Int> {
        if readsOwnBuffer(channel) { return remote.read(stream, into: UnsafeMutableRawBufferPointer(channel.readBuffer)) }
        return readBuffer.withUnsafeMutableBytes { remote.read(stream, into: $0) }
    }

    /// Whether the channel reads more at once than the loop's shared buffer holds.
    private func readsOwnBuffer(_ channel: WorkerChannel) -> Bool {
        channel.sizing.readSize > readBuffer.count
    }

    /// Writes queued input until the window or the socket is full (or, on a PTY, the pacing
    /// says wait), then the EOF once asked. `resuming`: libssh2 holds a half-sent packet of
    /// this channel's, which the first write finishes whatever the pacing says.
    func writeChannel(_ channel: WorkerChannel, _ remote: any WorkerTransportChannel, resuming: Bool = false) throws -> Bool {
        guard channel.phase == .running else { return false }
        var progress = false
        var mustFinish = resuming
        channel.pacedUntil = nil
        while var pending = channel.outbound.first {
            var remaining = pending.bytes.count - pending.offset
            if !mustFinish, let allowance = terminalAllowance(channel, remote) {
                guard allowance > 0 else { return progress }
                remaining = min(remaining, allowance)
            }
            mustFinish = false
            let offset = pending.offset
            let written = pending.bytes.withUnsafeBytes { bytes in
                remote.write(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + remaining)]))
            }
            switch try check(written, resumption: .write(channel.id), doing: "writing to \(channel.purpose)") {
            case .done(0), .wouldBlock:
                return progress  // the window is full, or the socket
            case .done(let count):
                progress = true
                channel.pacing?.didSend(count, window: remote.sendWindow)
                pending.offset += count
                channel.queuedBytes -= count
                if pending.offset == pending.bytes.count {
                    channel.outbound.removeFirst()
                    pending.continuation?.resume()
                } else {
                    channel.outbound[0] = pending
                }
                channel.resumeRoomWaiters()
            case .failed(let fault):
                channel.failPending(SSHFailure(.channel, connection: label, detail: describe("writing to \(channel.purpose)", fault)))
                return true
            }
        }
        guard !channel.eofWaiters.isEmpty else { return progress }
        if !channel.eofSent {
            switch try check(remote.sendEOF(), resumption: .write(channel.id), doing: "sending EOF to \(channel.purpose)") {
            case .done:
                channel.eofSent = true
            case .wouldBlock:
                return progress
            case .failed(let fault):
                let detail = describe("sending EOF to \(channel.purpose)", fault)
                channel.failPending(SSHFailure(.channel, connection: label, detail: detail))
                return true
            }
        }
        let waiters = channel.eofWaiters
        channel.eofWaiters = []
        for waiter in waiters { waiter.resume() }
        return true
    }

    /// For a PTY channel, how many bytes may be written now (`TerminalInputPacing`); nil for
    /// other channels. When it is 0, records when the tighter limit lapses, so `poll` wakes.
    private func terminalAllowance(_ channel: WorkerChannel, _ remote: any WorkerTransportChannel) -> Int? {
        guard var pacing = channel.pacing else { return nil }
        let allowance = pacing.allowance(
            window: remote.sendWindow, ignored: transport?.simulatedEchoBytes ?? 0,
            lastIgnore: transport?.lastSimulatedEcho, now: .now)
        channel.pacing = pacing
        if allowance.bytes == 0 { channel.pacedUntil = allowance.relaxesAt }
        return allowance.bytes
    }

    // MARK: - Helpers

    private func makeChannel(purpose: String, sizing: WorkerChannel.Sizing = .standard) -> WorkerChannel {
        let worker = self.worker
        let output = ChannelOutput(wake: { worker.wake.signal() }, highWater: sizing.highWater, lowWater: sizing.lowWater)
        return WorkerChannel(id: nextIdentifier(), purpose: purpose, output: output, sizing: sizing)
    }

    /// Queues the operation that opens `channel` and makes `requests` on it.
    private func open(
        _ channel: WorkerChannel, continuation: CheckedContinuation<ChannelHandle, any Error>,
        requests: [WorkerOperation.Step]
    ) {
        guard let transport else {
            continuation.resume(throwing: SSHFailure(.dropped, connection: label, detail: "the session is gone; reconnect"))
            return
        }
        let opening = WorkerOperation.Step("opening a channel for \(channel.purpose)") { [unowned channel] in
            switch transport.openSessionChannel(window: channel.sizing.window, maximumPacket: channel.sizing.maximumPacket) {
            case .done(let remote):
                channel.remote = remote
                return .done(())
            case .wouldBlock(let blocking): return .wouldBlock(blocking)
            case .failed(let fault): return .failed(fault)
            }
        }
        operations.append(WorkerOperation("opening \(channel.purpose)", steps: [opening] + requests) { [unowned self] outcome in
            switch outcome {
            case .success:
                channels[channel.id] = channel
                logger.debug("\(label): opened \(channel.purpose)")
                continuation.resume(returning: ChannelHandle(id: channel.id, output: channel.output))
            case .failure(let failure):
                continuation.resume(throwing: failure)
                if channel.remote != nil {
                    // Opened but a request failed: close it again.
                    channels[channel.id] = channel
                    channel.output.finish()
                    beginClosing(channel)
                }
            }
        })
    }

    /// Queues `SIG<name>` for the channel's command, as a request among the others: libssh2
    /// 1.10 sends it wanting an answer, and a request whose own wait reads another channel's
    /// answer fails as if the connection were lost (libssh2 issue 671: a plain exec closed
    /// while another pane's command was starting lost every pane on the connection). So the
    /// answer is read before the next request goes out; a server that never answers holds the
    /// queue and the close for `signalPatience` only. A refusal (OpenSSH before 7.9) is an answer.
    private func queueSignal(_ name: String, to channel: WorkerChannel) {
        channel.signalling = true
        let step = WorkerOperation.Step("sending SIG\(name) to \(channel.purpose)", bestEffort: true) { [unowned channel] in
            guard let remote = channel.remote else { return .done(()) }
            return remote.signal(name)
        }
        operations.append(WorkerOperation("signalling \(channel.purpose)", steps: [step], patience: signalPatience) {
            [unowned self, unowned channel] outcome in
            channel.signalling = false
            if case .failure(let failure) = outcome {
                logger.debug("\(label): SIG\(name) for \(channel.purpose) was not sent (\(failure.detail))")
            }
        })
    }

    private func queueResize(_ channel: WorkerChannel) {
        guard !channel.resizeQueued, channel.pendingSize != nil else { return }
        channel.resizeQueued = true
        var sending: TerminalSize?
        let step = WorkerOperation.Step("window-change for \(channel.purpose)") { [unowned channel] in
            guard let remote = channel.remote, channel.phase == .running else { return .done(()) }
            if sending == nil {
                sending = channel.pendingSize
                channel.pendingSize = nil
            }
            guard let size = sending else { return .done(()) }
            return remote.changeWindow(to: size)
        }
        operations.append(WorkerOperation("resizing \(channel.purpose)", steps: [step]) { [unowned self, unowned channel] outcome in
            channel.resizeQueued = false
            if case .failure(let failure) = outcome {
                let size = sending.map { "\($0.columns)x\($0.rows)" } ?? "?"
                logger.warning("\(label): resizing \(channel.purpose) to \(size) failed; the session goes on: \(failure.detail)")
            }
            if channel.phase == .running { queueResize(channel) }  // a newer size came meanwhile
        })
    }

    /// Delivers `.exit` with the status and signal the server sent, finishes the output and
    /// starts closing the channel.
    private func deliverExit(_ channel: WorkerChannel, _ remote: any WorkerTransportChannel) {
        let status = remote.exitStatus
        let signal = remote.exitSignal
        // libssh2 1.10 reports 0 when no exit-status came; a killed process has none.
        channel.output.yield(.exit(status: signal == nil ? status : nil, signal: signal))
        channel.output.finish()
        logger.debug("\(label): \(channel.purpose) ended (status \(status), signal \(signal ?? "none"))")
        channel.failPending(SSHFailure(.channel, connection: label, detail: "\(channel.purpose) has ended; it takes no more input"))
        beginClosing(channel)
    }

    /// Ends the channel's output with `failure` and closes it.
    private func fail(_ channel: WorkerChannel, _ failure: SSHFailure) {
        channel.output.finish(throwing: failure)
        channel.failPending(failure)
        beginClosing(channel)
    }

    /// Starts closing the channel: the loop sends the close, then frees the channel, which
    /// then leaves `channels`.
    private func beginClosing(_ channel: WorkerChannel) {
        guard channel.phase != .closing else { return }
        channel.phase = .closing
        if channel.remote == nil {
            channels[channel.id] = nil
            channel.finishClosing()
        }
    }

    /// Sends the channel's close and frees it. libssh2 1.10's close returns only once some
    /// packet arrived after it (the server's close, usually when its command ended), so
    /// whoever waits in `close()` is released as soon as the close is sent, and the channel is
    /// freed when libssh2 lets go of it (at the latest with the session).
    private func pumpClosing(_ channel: WorkerChannel, _ remote: any WorkerTransportChannel) throws -> Bool {
        if channel.signalling { return false }
        didRead = true  // closing reads the transport
        if !channel.closeDone {
            switch try check(remote.close(), resumption: .read(channel.id), doing: "closing \(channel.purpose)") {
            case .done, .failed:
                channel.closeDone = true
            case .wouldBlock:
                if !outboundBlocked && !sawBadUse { channel.finishClosing() }  // the close is out
                return false
            }
        }
        switch try check(remote.free(), resumption: .read(channel.id), doing: "freeing \(channel.purpose)") {
        case .wouldBlock:
            return false
        case .done, .failed:
            // After a failure libssh2 frees the channel with the session.
            channel.remote = nil
            channels[channel.id] = nil
            channel.finishClosing()
            logger.debug("\(label): closed \(channel.purpose)")
            return true
        }
    }

    private func inputClosed(_ id: Int) -> SSHFailure {
        let purpose = channels[id]?.purpose ?? "the channel"
        return SSHFailure(.channel, connection: label, detail: "\(purpose) takes no more input (it has ended, or its input was closed)")
    }
}
