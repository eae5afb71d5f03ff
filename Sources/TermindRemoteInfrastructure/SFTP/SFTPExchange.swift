import Synchronization
import TermindApplication

/// The request/reply machinery of one SFTP channel: sends each request at once (many are in
/// flight together), and a reader task consumes the channel's output, cuts it into packets
/// and hands each reply to whoever waits for its id, in whatever order the server answers.
///
/// Anything that breaks the protocol (a malformed or truncated packet, an answer to no
/// request) fails every request in flight with `.protocolViolation` and closes the channel; the
/// channel or connection ending fails them with `.connectionLost`. A request the server leaves
/// unanswered for `requestTimeout` (counted from when it was sent) fails them with `.timedOut`
/// and closes the channel: a server that answers in order is stuck behind it, and only closing
/// frees the handles. Either way the exchange is over: later requests fail at once with the
/// same error.
///
/// `Sendable`: its state is behind a `Mutex`; continuations are resumed outside the lock.
final class SFTPExchange: Sendable {
    /// Where the caller of a request in flight is.
    private enum Slot {
        /// Sent (or being sent); the caller has not started waiting yet.
        case sent
        case waiting(CheckedContinuation<SFTPReply.Body, any Error>)
        /// The caller went away (cancelled): the reply is dropped when it comes.
        case abandoned
    }

    private struct State {
        var table = SFTPRequestTable<Slot>()
        /// Replies that came before their caller started waiting.
        var arrived: [UInt32: SFTPReply.Body] = [:]
        var version: SFTPVersion?
        var versionWaiter: CheckedContinuation<SFTPVersion, any Error>?
        /// Set once: why the exchange is over.
        var ending: FileSystemError?
    }

    /// The connection's label, for errors.
    let location: String
    /// How long one request may wait for its answer once sent (`--io-timeout`).
    let requestTimeout: Duration
    private let process: any RemoteProcess
    private let state = Mutex(State())

    /// How long a request may go unanswered by default: long enough for a slow disk or a
    /// busy server, short enough that a stuck one does not hold a copy for good.
    static let defaultRequestTimeout: Duration = .seconds(60)

    init(process: any RemoteProcess, location: String, requestTimeout: Duration = defaultRequestTimeout) {
        self.process = process
        self.location = location
        self.requestTimeout = requestTimeout
    }

    /// Starts the reader task, which runs until the channel's output ends and keeps the
    /// exchange alive until then, and the watch on unanswered requests, which holds the
    /// exchange only while it looks (it ends with the exchange).
    func start() {
        Task { await self.readReplies() }
        Task { [weak self] in
            while let wake = self?.checkDeadlines(at: .now) {
                try? await Task.sleep(until: wake, clock: .continuous)
            }
        }
    }

    /// Why the exchange is over, once it is.
    var ending: FileSystemError? { state.withLock { $0.ending } }

    // MARK: - Requests

    /// Sends INIT for `version` and returns the server's VERSION. After `limit` without one,
    /// the exchange ends.
    func negotiate(version: UInt32, within limit: Duration) async throws -> SFTPVersion {
        let timer = Task { [weak self] in
            try await Task.sleep(for: limit)
            self?.end(FileSystemError(.protocolViolation, location: self?.location ?? "", path: "", detail:
                "the server did not answer the SFTP INIT within \(limit.components.seconds) s; "
                    + FileSystemError.Kind.protocolViolation.sftpAdvice))
        }
        defer { timer.cancel() }
        try await write(SFTPRequest.initialization(version: version))
        return try await withCheckedThrowingContinuation { continuation in
            let outcome = state.withLock { state -> Result<SFTPVersion, any Error>? in
                if let version = state.version { return .success(version) }
                if let ending = state.ending { return .failure(ending) }
                state.versionWaiter = continuation
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Sends `request` (about `path`, for messages) and returns the reply's body. Throws the
    /// exchange's ending (`FileSystemError` without a path) when the channel ends, the server
    /// breaks the protocol or leaves a request unanswered too long first, `CancellationError`
    /// when the caller is cancelled while waiting.
    func send(_ request: SFTPRequest, about path: String = "") async throws -> SFTPReply.Body {
        let id = try register(request, about: path)
        post(request.encode(id: id), ids: [id])
        return try await reply(to: id)
    }

    /// Sends `requests` in one write, in their order, and returns their replies' bodies in the
    /// same order. A server answers in the order it reads, so requests that need not wait for
    /// each other cost one round trip together, and one wake-up of the caller. Each request is
    /// in the table, with its own deadline, as if sent alone; one that fails to go out fails
    /// them all. No OPEN: a handle that came for a caller gone would not be closed.
    func send(together requests: [SFTPRequest], about path: String = "") async throws -> [SFTPReply.Body] {
        assert(!requests.contains { $0.type == .open || $0.type == .opendir })
        var ids: [UInt32] = []
        var packets: [UInt8] = []
        for request in requests {
            let id = try register(request, about: path)
            ids.append(id)
            packets += request.encode(id: id)
        }
        post(packets, ids: ids)
        var bodies: [SFTPReply.Body] = []
        bodies.reserveCapacity(ids.count)
        do {
            for id in ids { bodies.append(try await reply(to: id)) }
        } catch {
            // The rest are dropped when they come (cancelled), or were failed with the exchange.
            state.withLock { state in
                for id in ids[bodies.count...] where state.arrived.removeValue(forKey: id) == nil {
                    state.table.update(id, to: .abandoned)
                }
            }
            throw error
        }
        return bodies
    }

    /// Sends `request` and does not wait for its answer, which is dropped when it comes: for a
    /// CLOSE on the way out of a cancelled operation, which must not wait on the server.
    func post(_ request: SFTPRequest, about path: String = "") {
        guard let id = try? register(request, about: path, entry: .abandoned) else { return }
        post(request.encode(id: id), ids: [id])
    }

    private func register(_ request: SFTPRequest, about path: String, entry: Slot = .sent) throws -> UInt32 {
        try state.withLock { state throws(FileSystemError) -> UInt32 in
            if let ending = state.ending { throw ending }
            return state.table.register(request.type, expecting: request.expectedReply, about: path, entry: entry)
        }
    }

    /// Ends the exchange when a request has waited `requestTimeout` since it was sent; else
    /// says when to look again (nil once the exchange is over). A request sent later than
    /// now cannot run out before now + `requestTimeout`, so that is the longest sleep.
    private func checkDeadlines(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        let (overdue, wake) = state.withLock { state -> (SFTPRequestTable<Slot>.Unanswered?, ContinuousClock.Instant?) in
            guard state.ending == nil else { return (nil, nil) }
            if let overdue = state.table.overdue(at: now, after: requestTimeout) { return (overdue, nil) }
            let oldest = state.table.oldestUnanswered?.sent ?? now
            return (nil, oldest.advanced(by: requestTimeout))
        }
        guard let overdue else { return wake }
        let error = FileSystemError.sftpTimedOut(overdue.request, path: overdue.path, after: requestTimeout, location: location)
        end(error)
        Task { await process.close() }
        return nil
    }

    /// Ends the exchange from this side: requests in flight fail with `reason`, and the
    /// channel is closed.
    func close(_ reason: FileSystemError) async {
        end(reason)
        await process.close()
    }

    /// Queues whole packets for requests `ids` (counted as sent from now) behind every other
    /// request: nobody waits for them to go out, only for their answers. A channel that takes
    /// no more input ends the exchange, which fails everyone waiting.
    private func post(_ packets: [UInt8], ids: [UInt32]) {
        let now = ContinuousClock.now
        state.withLock { state in
            for id in ids { _ = state.table.markSent(id, at: now) }
        }
        process.post(packets) { [weak self] error in
            guard let self else { return }
            let cause = (error as? SSHFailure)?.detail ?? "\(error)"
            end(ending ?? .sftpConnectionLost("the SFTP channel took no more requests: \(cause)", location: location))
        }
    }

    /// Writes one whole packet; a channel that takes no more input means the exchange is over.
    private func write(_ packet: [UInt8]) async throws {
        do {
            try await process.write(packet)
        } catch {
            let cause = (error as? SSHFailure)?.detail ?? "\(error)"
            throw ending ?? .sftpConnectionLost("the SFTP channel took no more requests: \(cause)", location: location)
        }
    }

    /// Waits for the reply to request `id`.
    private func reply(to id: UInt32) async throws -> SFTPReply.Body {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SFTPReply.Body, any Error>) in
                let outcome = state.withLock { state -> Result<SFTPReply.Body, any Error>? in
                    if let body = state.arrived.removeValue(forKey: id) { return .success(body) }
                    guard state.table.entry(id) != nil else {
                        return .failure(state.ending ?? .sftpConnectionLost("the SFTP channel ended", location: location))
                    }
                    if Task.isCancelled {
                        state.table.update(id, to: .abandoned)
                        return .failure(CancellationError())
                    }
                    state.table.update(id, to: .waiting(continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<SFTPReply.Body, any Error>? in
                guard case .waiting(let waiter)? = state.table.entry(id) else { return nil }
                state.table.update(id, to: .abandoned)
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    // MARK: - Replies (the reader task)

    /// Reads the channel's output to its end, delivering every reply.
    private func readReplies() async {
        var framer = SFTPFramer()
        do {
            for try await element in process.output {
                switch element {
                case .stdout(let bytes):
                    framer.append(bytes)
                    while let packet = try framer.next() { try receive(packet) }
                case .stderr:
                    continue  // a server's diagnostics; SFTP itself is on stdout only
                case .exit(let status, let signal):
                    let how = signal.map { "was killed by SIG\($0)" } ?? status.map { "exited with status \($0)" } ?? "ended"
                    end(.sftpConnectionLost("the SFTP server \(how)", location: location))
                    return
                }
            }
            end(.sftpConnectionLost("the SFTP channel was closed", location: location))
        } catch let error as SFTPWireError {
            end(.sftpProtocolViolation(error, location: location))
            await process.close()
        } catch let failure as SSHFailure {
            end(.sftpConnectionLost("the connection was lost: \(failure.detail)", location: location))
        } catch {
            end(.sftpConnectionLost("the SFTP channel failed: \(error)", location: location))
        }
    }

    /// Hands one packet to whoever waits for it.
    private func receive(_ packet: ArraySlice<UInt8>) throws {
        if packet.first == SFTPPacketType.version.rawValue {
            let version = try SFTPVersion.decode(packet)
            let waiter = try state.withLock { state throws(SFTPWireError) -> CheckedContinuation<SFTPVersion, any Error>? in
                guard state.version == nil else { throw SFTPWireError("the server sent VERSION twice") }
                state.version = version
                defer { state.versionWaiter = nil }
                return state.versionWaiter
            }
            waiter?.resume(returning: version)
            return
        }
        let reply = try SFTPReply.decode(packet)
        let (waiter, orphanHandle) = try state.withLock { state throws(SFTPWireError) -> (CheckedContinuation<SFTPReply.Body, any Error>?, [UInt8]?) in
            guard state.version != nil else {
                throw SFTPWireError("the server sent \(reply.type) before VERSION")
            }
            switch try state.table.match(id: reply.id, type: reply.type) {
            case .waiting(let waiter):
                return (waiter, nil)
            case .sent:
                state.arrived[reply.id] = reply.body
                return (nil, nil)
            case .abandoned:
                if case .handle(let handle) = reply.body { return (nil, handle) }
                return (nil, nil)
            }
        }
        waiter?.resume(returning: reply.body)
        if let orphanHandle {
            // An open whose caller went away: close what the server opened for it.
            Task { _ = try? await self.send(.close(handle: orphanHandle)) }
        }
    }

    /// Ends the exchange (the first ending wins): everyone waiting gets `error`.
    private func end(_ error: FileSystemError) {
        let (waiters, versionWaiter) = state.withLock { state -> ([CheckedContinuation<SFTPReply.Body, any Error>], CheckedContinuation<SFTPVersion, any Error>?) in
            guard state.ending == nil else { return ([], nil) }
            state.ending = error
            let waiters = state.table.removeAll().compactMap { slot -> CheckedContinuation<SFTPReply.Body, any Error>? in
                if case .waiting(let waiter) = slot { return waiter }
                return nil
            }
            defer { state.versionWaiter = nil }
            return (waiters, state.versionWaiter)
        }
        for waiter in waiters { waiter.resume(throwing: error) }
        versionWaiter?.resume(throwing: error)
    }
}
