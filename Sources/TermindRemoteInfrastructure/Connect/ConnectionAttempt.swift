import Synchronization
import TermindApplication

/// The workers of one connection attempt (every hop of a jump chain), so that cancelling the
/// connecting task aborts them all at once: the step in progress fails with `.cancelled`, an
/// interaction being asked is withdrawn, and each worker thread disconnects and ends.
///
/// `Sendable`: its state is behind a `Mutex`; `cancel` runs from a task cancellation handler.
final class ConnectionAttempt: Sendable {
    private struct State {
        var workers: [ConnectionWorker] = []
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Adds a worker; aborts it at once if the attempt is already cancelled.
    func add(_ worker: ConnectionWorker) {
        let cancelled = state.withLock { state in
            state.workers.append(worker)
            return state.cancelled
        }
        if cancelled { worker.abort(.failed(Self.cancellation(worker.label))) }
    }

    /// Aborts every worker of the attempt, now and any added later.
    func cancel() {
        let workers = state.withLock { state in
            state.cancelled = true
            return state.workers
        }
        for worker in workers { worker.abort(.failed(Self.cancellation(worker.label))) }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    static func cancellation(_ label: String) -> SSHFailure {
        SSHFailure(.cancelled, connection: label, detail: "the connection attempt was cancelled")
    }
}
