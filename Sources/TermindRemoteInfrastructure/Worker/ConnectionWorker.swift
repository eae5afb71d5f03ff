import CLinux
import Foundation
import Synchronization
import TermindApplication
import TermindDomain

/// One SSH connection's worker (docs/architecture.md, "Concurrency"): a thread of its own that owns
/// the libssh2 session and every channel on it, and runs libssh2 non-blocking around `poll`.
/// Async callers talk to it through a mailbox of jobs; a `WakeSignal` (eventfd) polled together
/// with the session socket makes a new job interrupt `poll` at once. Output comes back through
/// each channel's `ChannelOutput` stream.
///
/// While connecting, jobs are steps that block the worker thread (TCP connect, handshake, one
/// authentication method), each bounded by the I/O timeout and ended early by `abort`. Once
/// established, jobs only queue work, and the loop pumps channels, tunnels and keepalives.
///
/// This type is the thread-safe face: it holds only the label, the wake-up signal and a
/// `Mutex`-guarded mailbox, so it is checked `Sendable`. Everything libssh2 lives in the
/// `WorkerLoop` that exists on the worker thread only.
final class ConnectionWorker: Sendable {
    /// Why a worker ended.
    enum Ending: Sendable {
        /// Closed from this side: streams finish, waiting calls fail with "closed".
        case closed
        /// Lost, timed out or aborted: every stream and waiting call fails with this.
        case failed(SSHFailure)
    }

    /// One unit of work for the worker thread. Exactly one of `perform` (on the worker thread)
    /// or `reject` (when the worker has ended) is called.
    struct Job: Sendable {
        let perform: @Sendable (WorkerLoop) -> Void
        let reject: @Sendable (any Error) -> Void
    }

    private struct Mailbox {
        var jobs: [Job] = []
        var abort: Ending?
        var ended: Ending?
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        /// The interaction the worker is blocked on, cancelled by `abort`.
        var interaction: Task<Void, Never>?
    }

    /// The connection's label (Host label or `user@host:port`), for messages and the thread name.
    let label: String
    let wake: WakeSignal
    private let mailbox = Mutex(Mailbox())

    /// Starts the worker thread. It waits for jobs; the first ones connect and authenticate.
    /// - Parameters:
    ///   - ioTimeout: how long one network step may wait (time a person spends answering excluded).
    ///   - keepalive: how the established connection checks that the server is still there.
    convenience init(label: String, ioTimeout: Duration, keepalive: Keepalive, logger: any Logger) throws {
        try self.init(label: label)
        let thread = Thread { [self] in
            // Named with prctl directly: Foundation's `Thread.name` was seen (under load, without
            // a controlling terminal) leaving a worker with a Dispatch thread's name.
            termind_name_current_thread(Self.threadName)
            WorkerLoop(worker: self, ioTimeout: ioTimeout, keepalive: keepalive, logger: logger).run()
        }
        thread.start()
    }

    /// A worker whose loop the caller runs on a thread of its own: the tests drive a
    /// `WorkerLoop` over a fake transport pass by pass.
    init(label: String) throws {
        self.label = label
        wake = try WakeSignal()
    }

    /// What every worker thread is called (Linux keeps 15 characters); tests count them.
    static let threadName = "termind-ssh"

    // MARK: - Callers (any thread or task)

    /// Queues `job`, or rejects it at once if the worker has ended.
    func submit(_ job: Job) {
        let ended = mailbox.withLock { mailbox -> Ending? in
            if let ended = mailbox.ended { return ended }
            mailbox.jobs.append(job)
            return nil
        }
        if let ended {
            job.reject(ended.failure(connection: label))
        } else {
            wake.signal()
        }
    }

    /// Runs `body` on the worker thread and returns its result. During setup `body` may block
    /// (it runs libssh2 calls to completion); once established it must only queue work.
    func run<T: Sendable>(_ body: @escaping @Sendable (WorkerLoop) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            submit(Job(
                perform: { loop in continuation.resume(with: Result { try body(loop) }) },
                reject: { continuation.resume(throwing: $0) }))
        }
    }

    /// Queues `body`, which takes over `continuation`: it must resume it, now or later (the loop
    /// fails whatever it still holds when it ends).
    func request<T: Sendable>(
        _ body: @escaping @Sendable (WorkerLoop, CheckedContinuation<T, any Error>) -> Void
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            submit(Job(perform: { loop in body(loop, continuation) }, reject: { continuation.resume(throwing: $0) }))
        }
    }

    /// Ends the worker from outside: a step in progress fails with the ending's failure, an
    /// interaction being asked is cancelled, and the thread disconnects and ends. The first
    /// abort wins; aborting an ended worker does nothing.
    func abort(_ ending: Ending) {
        let interaction = mailbox.withLock { mailbox -> Task<Void, Never>? in
            guard mailbox.ended == nil, mailbox.abort == nil else { return nil }
            mailbox.abort = ending
            return mailbox.interaction
        }
        interaction?.cancel()
        wake.signal()
    }

    /// Closes the connection (saying goodbye to the server) and waits until the thread ended.
    func close() async {
        abort(.closed)
        await waitUntilEnded()
    }

    /// Returns once the worker thread has ended (at once if it has).
    func waitUntilEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = mailbox.withLock { mailbox -> Bool in
                if mailbox.ended != nil { return true }
                mailbox.endWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    /// How the worker ended, or nil while it runs.
    var ending: Ending? { mailbox.withLock { $0.ended } }

    // MARK: - The worker thread's side

    /// The jobs queued so far, oldest first, taken out of the mailbox.
    func takeJobs() -> [Job] {
        mailbox.withLock { mailbox in
            defer { mailbox.jobs.removeAll() }
            return mailbox.jobs
        }
    }

    /// Whether jobs wait in the mailbox.
    var hasJobs: Bool { mailbox.withLock { !$0.jobs.isEmpty } }

    /// The abort requested from outside, if any.
    var requestedAbort: Ending? { mailbox.withLock { $0.abort } }

    /// Records the interaction task the worker is about to wait for. False if the worker is
    /// being aborted; the caller then cancels the task itself.
    func track(interaction task: Task<Void, Never>?) -> Bool {
        mailbox.withLock { mailbox in
            guard mailbox.abort == nil else { return false }
            mailbox.interaction = task
            return true
        }
    }

    /// Marks the worker ended, rejects the jobs still queued, and wakes whoever waits for the
    /// end. Called once, last thing on the worker thread.
    func markEnded(_ ending: Ending) {
        let (jobs, waiters) = mailbox.withLock { mailbox in
            mailbox.ended = ending
            mailbox.interaction = nil
            defer {
                mailbox.jobs.removeAll()
                mailbox.endWaiters.removeAll()
            }
            return (mailbox.jobs, mailbox.endWaiters)
        }
        let failure = ending.failure(connection: label)
        for job in jobs { job.reject(failure) }
        for waiter in waiters { waiter.resume() }
    }
}

extension ConnectionWorker.Ending {
    /// What calls on an ended worker fail with.
    func failure(connection: String) -> SSHFailure {
        switch self {
        case .closed:
            SSHFailure(.channel, connection: connection, detail: "the connection was closed; open a new one")
        case .failed(let failure):
            failure
        }
    }
}
