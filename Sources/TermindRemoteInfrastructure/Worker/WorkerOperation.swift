import Foundation
import TermindApplication

/// A request the worker makes of the server on an established session that takes a round trip
/// or more (open a channel, request a PTY, set an environment variable, start a command,
/// window-change): a list of non-blocking calls, each re-called with the same arguments while
/// it would block, as libssh2's non-blocking API requires. The worker runs operations one at a
/// time, in order (libssh2 keeps some of their state per session), interleaved with channel
/// reads and writes, so one slow request never stalls the other channels.
///
/// Confined to the worker thread, like the closures it holds; not `Sendable`.
final class WorkerOperation {
    /// One call; `bestEffort` failures are logged and skipped (an environment variable the
    /// server refuses), others fail the operation.
    struct Step {
        let what: String
        let bestEffort: Bool
        let call: () -> SSH2Result<Void>

        init(_ what: String, bestEffort: Bool = false, call: @escaping () -> SSH2Result<Void>) {
            self.what = what
            self.bestEffort = bestEffort
            self.call = call
        }
    }

    /// How a call to `advance` left the operation.
    enum Progress {
        /// The step would block: call `advance` again when the socket is ready.
        case wouldBlock(SSH2Blocking)
        /// Every step succeeded (best-effort failures aside).
        case done
        /// A step failed.
        case failed(step: String, fault: SSH2Fault)
    }

    /// What the operation does, for logs and timeouts.
    let purpose: String
    private let steps: [Step]
    private var index = 0
    /// Set when the first step is first tried; the worker gives up after the I/O timeout.
    private(set) var started: ContinuousClock.Instant?
    /// How long an answer is waited for before the operation is given up as done, not failed;
    /// nil: up to the I/O timeout, which ends the connection.
    let patience: Duration?
    /// Called once with the outcome.
    private var completion: ((Result<Void, SSHFailure>) -> Void)?
    /// Best-effort steps that failed, for the worker's log.
    private(set) var skipped: [(step: String, fault: SSH2Fault)] = []

    init(
        _ purpose: String, steps: [Step], patience: Duration? = nil, completion: @escaping (Result<Void, SSHFailure>) -> Void
    ) {
        self.purpose = purpose
        self.steps = steps
        self.patience = patience
        self.completion = completion
    }

    /// Runs steps until one would block, all are done, or one fails. A best-effort step's
    /// failure is skipped unless it ends the connection.
    func advance(at now: ContinuousClock.Instant) -> Progress {
        if started == nil { started = now }
        while index < steps.count {
            let step = steps[index]
            switch step.call() {
            case .wouldBlock(let blocking):
                return .wouldBlock(blocking)
            case .failed(let fault):
                guard step.bestEffort, !fault.endsConnection else { return .failed(step: step.what, fault: fault) }
                skipped.append((step.what, fault))
            case .done:
                break
            }
            index += 1
        }
        return .done
    }

    /// Reports the outcome (once; later calls are ignored).
    func complete(_ outcome: Result<Void, SSHFailure>) {
        let completion = self.completion
        self.completion = nil
        completion?(outcome)
    }
}
