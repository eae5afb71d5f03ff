import CLibSSH2
import Foundation
import TermindApplication

/// A request the worker makes of the server on an established session that takes a round trip
/// or more (open a channel, request a PTY, set an environment variable, start a command,
/// window-change, close a channel): a list of libssh2 calls, each re-called with the same
/// arguments while it returns `LIBSSH2_ERROR_EAGAIN`, as libssh2's non-blocking API requires.
/// The worker runs operations one at a time, in order (libssh2 keeps some of their state per
/// session), interleaved with channel reads and writes, so one slow request never stalls the
/// other channels.
///
/// Confined to the worker thread, like the closures it holds; not `Sendable`.
final class WorkerOperation {
    /// One libssh2 call: returns its code (negative on error); `bestEffort` failures are logged
    /// and skipped (an environment variable the server refuses), others fail the operation.
    struct Step {
        let what: String
        let bestEffort: Bool
        let call: () -> Int32

        init(_ what: String, bestEffort: Bool = false, call: @escaping () -> Int32) {
            self.what = what
            self.bestEffort = bestEffort
            self.call = call
        }
    }

    /// How a call to `advance` left the operation.
    enum Progress {
        /// libssh2 would block (`EAGAIN`, or `BAD_USE` while another packet is half-sent):
        /// call `advance` again when the socket is ready.
        case wouldBlock(code: Int32)
        /// Every step succeeded (best-effort failures aside).
        case done
        /// A step failed with this libssh2 code.
        case failed(step: String, code: Int32)
    }

    /// What the operation does, for logs and timeouts.
    let purpose: String
    private let steps: [Step]
    private var index = 0
    /// Set when the first step is first tried; the worker gives up after the I/O timeout.
    private(set) var started: ContinuousClock.Instant?
    /// Called once with the outcome.
    private var completion: ((Result<Void, SSHFailure>) -> Void)?
    /// Best-effort steps that failed, for the worker's log.
    private(set) var skipped: [(step: String, code: Int32)] = []

    init(_ purpose: String, steps: [Step], completion: @escaping (Result<Void, SSHFailure>) -> Void) {
        self.purpose = purpose
        self.steps = steps
        self.completion = completion
    }

    /// Runs steps until one would block, all are done, or one fails. A best-effort step's
    /// failure is skipped unless it is fatal to the session.
    func advance() -> Progress {
        if started == nil { started = .now }
        while index < steps.count {
            let step = steps[index]
            let code = step.call()
            if code == LIBSSH2_ERROR_EAGAIN || code == LIBSSH2_ERROR_BAD_USE { return .wouldBlock(code: code) }
            if code < 0 {
                guard step.bestEffort, !WorkerLoop.isFatal(code) else { return .failed(step: step.what, code: code) }
                skipped.append((step.what, code))
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
