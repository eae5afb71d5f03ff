import Synchronization

/// Why a running transfer is being stopped: what its cleanup keeps and how it is reported.
enum TransferStopReason: Sendable {
    /// The person paused it: keep the partial and its record.
    case pause
    /// The person cancelled it: remove the partial and its record.
    case cancel
    /// The Batch's task was cancelled (Ctrl-C): keep the partial, like a pause.
    case interrupt
}

/// Set by the engine before it cancels a transfer's task, read by the transfer when it stops.
final class TransferStopSignal: Sendable {
    private let reason = Mutex<TransferStopReason?>(nil)

    /// A cancel overrides an earlier pause or interrupt; otherwise the first reason stays.
    func stop(_ new: TransferStopReason) {
        reason.withLock { current in
            if current == nil || new == .cancel { current = new }
        }
    }

    var current: TransferStopReason? { reason.withLock { $0 } }
}
