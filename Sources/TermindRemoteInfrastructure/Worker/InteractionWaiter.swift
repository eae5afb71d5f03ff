import Dispatch
import Synchronization
import TermindApplication

/// Where a worker thread waits for the answer to one interaction while the interaction queue
/// (an actor) asks the person: the asking task `deliver`s the outcome, the worker thread
/// `wait`s on a semaphore for it. Used once.
///
/// `Sendable`: the outcome is behind a `Mutex`, and a semaphore orders delivery before the read.
final class InteractionWaiter: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<InteractionAnswer, any Error>?>(nil)

    /// Hands over the answer (or why there is none) and wakes the waiting thread.
    func deliver(_ result: Result<InteractionAnswer, any Error>) {
        outcome.withLock { $0 = result }
        semaphore.signal()
    }

    /// Blocks the calling thread until `deliver` was called.
    func wait() -> Result<InteractionAnswer, any Error> {
        semaphore.wait()
        return outcome.withLock { $0 } ?? .failure(CancellationError())
    }
}
