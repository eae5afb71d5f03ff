import Synchronization

/// The transfer queue's shared state behind one lock: the `TransferQueueState` the engine's
/// events build (they come from many tasks at once), the conflict answers awaited, and who to
/// tell of a change. Progress alone tells at most every `progressInterval`, so a fast copy
/// does not ask for more frames than the screen shows.
final class TransferQueueBoard: Sendable {
    private struct Inner {
        var state = TransferQueueState()
        var answers: [Int: CheckedContinuation<ConflictAnswer, any Error>] = [:]
        var onChange: (@Sendable () -> Void)?
        /// Reads a Batch's report when its walk found more.
        var onPlanned: (@Sendable (TransferBatchID) -> Void)?
        var lastProgressNotice: ContinuousClock.Instant?
        /// Batches whose report is being read, and those to read again after it.
        var refreshing: Set<TransferBatchID> = []
        var refreshAgain: Set<TransferBatchID> = []
        var nextQuestion = 1
    }

    static let progressInterval = Duration.milliseconds(100)

    private let inner = Mutex(Inner())

    var state: TransferQueueState { inner.withLock { $0.state } }

    func onChange(_ body: @escaping @Sendable () -> Void) {
        inner.withLock { $0.onChange = body }
    }

    func onPlanned(_ body: @escaping @Sendable (TransferBatchID) -> Void) {
        inner.withLock { $0.onPlanned = body }
    }

    /// Changes the state and tells of it.
    @discardableResult
    func change<T>(_ body: (inout TransferQueueState) -> T) -> T {
        let (result, notify) = inner.withLock { inner in (body(&inner.state), inner.onChange) }
        notify?()
        return result
    }

    /// One event of the engine, from whichever task sent it.
    func take(_ event: TransferEvent) {
        if case .planned(let id, _, _) = event, let planned = inner.withLock({ $0.onPlanned }) { planned(id) }
        let notify: (@Sendable () -> Void)? = inner.withLock { inner in
            guard inner.state.apply(event) else { return nil }
            if case .progress = event {
                let now = ContinuousClock.now
                if let last = inner.lastProgressNotice, now - last < Self.progressInterval { return nil }
                inner.lastProgressNotice = now
            }
            return inner.onChange
        }
        notify?()
    }

    /// Whether the caller should read the Batch's report now (nobody is reading it), else it
    /// is read again once the reader is done.
    func beginRefresh(_ batch: TransferBatchID) -> Bool {
        inner.withLock { inner in
            guard inner.refreshing.insert(batch).inserted else {
                inner.refreshAgain.insert(batch)
                return false
            }
            return true
        }
    }

    /// Whether to read again (more was planned meanwhile).
    func endRefresh(_ batch: TransferBatchID) -> Bool {
        inner.withLock { inner in
            if inner.refreshAgain.remove(batch) != nil { return true }
            inner.refreshing.remove(batch)
            return false
        }
    }

    // MARK: - Conflicts

    /// Puts the conflict among the questions and waits for the person's answer; a cancelled
    /// transfer withdraws its question.
    func ask(_ conflict: TransferConflict) async throws -> ConflictAnswer {
        let id = inner.withLock { inner in
            defer { inner.nextQuestion += 1 }
            return inner.nextQuestion
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The question and who waits for its answer appear together.
                let notify = inner.withLock { inner in
                    inner.state.ask(TransferQueueQuestion(id: id, conflict: conflict))
                    inner.answers[id] = continuation
                    return inner.onChange
                }
                if Task.isCancelled {
                    withdraw(id, with: .failure(CancellationError()))
                } else {
                    notify?()
                }
            }
        } onCancel: {
            withdraw(id, with: .failure(CancellationError()))
        }
    }

    /// Answers question `id` (nothing happens for one answered or withdrawn already).
    func answer(_ id: Int, _ answer: ConflictAnswer) {
        withdraw(id, with: .success(answer))
    }

    private func withdraw(_ id: Int, with result: Result<ConflictAnswer, any Error>) {
        let (continuation, notify) = inner.withLock { inner in
            inner.state.removeQuestion(id)
            return (inner.answers.removeValue(forKey: id), inner.onChange)
        }
        continuation?.resume(with: result)
        notify?()
    }
}
