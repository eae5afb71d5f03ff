import Foundation
import TermindDomain

/// The transfer queue (docs/behaviour.md §4): runs Batches of uploads, downloads and remote copies, at
/// most `parallel` transfers at once across all of them, with pause, resume and cancel per
/// transfer and per Batch. `termind cp` runs one Batch and prints its report; the TUI submits
/// Batches and follows the events.
///
/// A Batch's sources are walked as its files run: each directory the walk lists is made ready
/// at the destination, then its files and symlinks are queued, and run in plan order; the
/// walk waits while `TransferTuning.walkAhead` entries are queued and not started, so what a
/// Batch holds ahead of its copies stays bounded however big the tree. It *settles* when
/// nothing of it runs, waits or is being walked: directories it created get their mode and
/// mtime, extra connections close, and `wait` returns its report. Paused transfers keep their partials; `resume` runs them again (and
/// the Batch settles again later).
///
/// Cancelling the task that waits on a Batch (Ctrl-C in `termind cp`) interrupts it: running
/// transfers stop keeping their partials, as a pause does.
public actor TransferEngine {
    public nonisolated let parallel: Int
    /// Who writes this engine's partials, in their records: the process and a random part,
    /// so a record names one run of one process.
    public nonisolated let runIdentity: String
    private let store: any PartialTransferStore
    private let tuning: TransferTuning
    private let observer: @Sendable (TransferEvent) -> Void
    private var batches: [TransferBatchID: TransferBatchState] = [:]
    private var order: [TransferBatchID] = []
    private var running = 0
    private var nextBatch = 1

    /// - Parameters:
    ///   - parallel: transfers at once, across Batches (docs/behaviour.md §4: four by default).
    ///   - store: where partial-transfer records are saved for a resume in a later run.
    ///   - observer: receives every event, from the engine and its transfers (several at once);
    ///     keep it quick and thread-safe.
    public init(
        parallel: Int = 4, store: any PartialTransferStore = InMemoryPartialTransferStore(),
        tuning: TransferTuning = TransferTuning(), observer: @escaping @Sendable (TransferEvent) -> Void = { _ in }
    ) {
        self.parallel = max(1, parallel)
        runIdentity = "pid \(ProcessInfo.processInfo.processIdentifier) run \(UUID().uuidString.lowercased())"
        self.store = store
        self.tuning = tuning
        self.observer = observer
    }

    /// Queues a Batch and starts walking it; `wait(for:)` gives its report.
    @discardableResult
    public func submit(_ batch: TransferBatch) -> TransferBatchID {
        let id = TransferBatchID(nextBatch)
        nextBatch += 1
        let state = TransferBatchState(id: id, batch: batch, parallel: parallel)
        batches[id] = state
        order.append(id)
        state.planning = Task { await self.prepare(id) }
        return id
    }

    /// Runs a Batch until it settles and returns its report: `submit` and `wait` in one.
    public func run(_ batch: TransferBatch) async -> TransferBatchReport {
        await wait(for: submit(batch))
    }

    /// Waits until the Batch settles. Cancelling the waiting task interrupts the Batch
    /// (partials kept) and still returns its report.
    public func wait(for id: TransferBatchID) async -> TransferBatchReport {
        guard let state = batches[id] else { return TransferBatchReport(id: id, files: []) }
        if state.phase == .settled { return state.report }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // The Batch may have settled while this task was getting here (the cancellation
                // handler can hop executors), so the phase is looked at again.
                addWaiter(continuation, for: id)
            }
        } onCancel: {
            Task { await self.interrupt(id) }
        }
    }

    private func addWaiter(_ continuation: CheckedContinuation<TransferBatchReport, Never>, for id: TransferBatchID) {
        guard let state = batches[id] else { return continuation.resume(returning: TransferBatchReport(id: id, files: [])) }
        if state.phase == .settled {
            continuation.resume(returning: state.report)
        } else {
            state.waiters.append(continuation)
        }
    }

    /// The Batch as it stands (entries pending or running included); nil for an unknown id.
    public func report(for id: TransferBatchID) -> TransferBatchReport? { batches[id]?.report }

    // MARK: - Pause, resume, cancel

    /// Pauses a transfer: a running one stops and keeps its partial, a waiting one stays put.
    public func pause(_ id: TransferID) {
        guard let state = batches[id.batch], state.items.indices.contains(id.index) else { return }
        pause(id.index, in: state)
    }

    /// Pauses a Batch: its transfers as `pause` does, and its walk, which stops after the
    /// listing it is reading, where `resume(batch:)` goes on.
    public func pause(batch id: TransferBatchID) {
        guard let state = batches[id] else { return }
        state.held = true
        releaseWalker(state)
        for index in state.items.indices { pause(index, in: state) }
    }

    /// Resumes a paused transfer (or one that failed keeping a partial): its partial is
    /// checked and continued.
    public func resume(_ id: TransferID) {
        guard let state = batches[id.batch], state.items.indices.contains(id.index) else { return }
        if resume(id.index, in: state) { restart(state) }
    }

    public func resume(batch id: TransferBatchID) {
        guard let state = batches[id] else { return }
        state.held = false
        var any = state.walk != nil  // a stopped walk goes on
        for index in state.items.indices where resume(index, in: state) { any = true }
        if any { restart(state) }
    }

    /// Cancels a transfer: it stops, and its partial file and record are removed (paths that
    /// cannot be removed are reported).
    public func cancel(_ id: TransferID) {
        guard let state = batches[id.batch], state.items.indices.contains(id.index) else { return }
        cancel(id.index, in: state)
        checkSettled(state)
    }

    public func cancel(batch id: TransferBatchID) {
        guard let state = batches[id] else { return }
        state.cancelled = true
        state.walk = nil
        state.planning?.cancel()
        releaseWalker(state)
        for index in state.items.indices { cancel(index, in: state) }
        checkSettled(state)
    }

    /// Drops a settled Batch from memory (the TUI clears it from its queue).
    public func forget(batch id: TransferBatchID) {
        guard let state = batches[id], state.phase == .settled else { return }
        batches[id] = nil
        order.removeAll { $0 == id }
    }

    // MARK: - Planning

    /// Finds where the Batch goes, confines it there, then walks its sources.
    private func prepare(_ id: TransferBatchID) async {
        guard let state = batches[id] else { return }
        let start = await TransferPlanner(batch: state.batch, store: store).start()
        state.failure = start.failure
        // Before any directory is made: everything below the root is reached from it.
        if let root = start.destinationRoot { state.confineDestination(to: root) }
        state.walk = start.targets.map(TransferPlanner.Position.init(targets:))
        await walkOn(id)
    }

    /// Walks on, taking each part as it comes (files start while the walk goes on), after
    /// making ready again the directories a resume asked for. A walk stopped by an
    /// interruption keeps its position for a resume.
    private func walkOn(_ id: TransferBatchID) async {
        guard let state = batches[id] else { return }
        while !Task.isCancelled {
            if state.needsPreparation {
                // Resumed entries wait (phase) until their directories are ready.
                state.phase = .planning
                state.needsPreparation = false
                let preparation = preparation(for: state)
                for index in state.items.indices { await place(index, in: state, with: preparation, fresh: false) }
            }
            state.phase = .running
            guard let position = state.walk, !stopped(state) else { break }
            state.walking = true
            let planner = TransferPlanner(batch: state.batch, store: store)
            let reached = await planner.walk(from: position) { part in await self.accept(part, into: id) }
            state.walking = false
            state.walker = nil
            state.walk = reached.finished || state.cancelled ? nil : reached
            // Stopped, or resumed meanwhile (those directories first, then the rest).
        }
        state.planning = nil
        if Task.isCancelled && !state.interrupted && !state.cancelled && !state.held
            && (state.walk != nil || state.needsPreparation)
        {
            // Resumed after this task was cancelled: a new one goes on.
            state.phase = .planning
            state.planning = Task { await self.walkOn(id) }
            return
        }
        state.phase = .running
        schedule()
        checkSettled(state)
    }

    /// A part of the walk: announced (the totals so far), its directories made ready in
    /// order, its files and symlinks queued. Holds the walk back while `walkAhead` entries are
    /// queued and not started, so a huge tree is not held ahead of the copies; whether the
    /// walk goes on (not when the Batch was paused or interrupted).
    private func accept(_ part: TransferPlanner.Part, into id: TransferBatchID) async -> Bool {
        guard let state = batches[id] else { return false }
        let first = state.items.count
        state.append(part)
        emit(.planned(id, files: state.plannedFiles, bytes: state.plannedBytes))
        for index in part.decided.keys.sorted() { emit(.finished(state.report(of: index))) }
        let preparation = preparation(for: state)
        for index in first..<state.items.count { await place(index, in: state, with: preparation, fresh: true) }
        schedule()
        while state.queuedCount >= tuning.walkAhead && running > 0 && !stopped(state) {
            await withCheckedContinuation { state.walker = $0 }
        }
        return !stopped(state)
    }

    /// Lets a held walk go on once the copies have caught up, or the Batch stops.
    private func releaseWalker(_ state: TransferBatchState) {
        guard let walker = state.walker,
            state.queuedCount < tuning.walkAhead || running == 0 || state.interrupted || state.cancelled || state.held
        else { return }
        state.walker = nil
        walker.resume()
    }

    /// - Parameter held: a Batch paused as a whole counts as stopped (for what its walk hands
    ///   over, not for entries the person resumed one by one).
    private func stopped(_ state: TransferBatchState, held: Bool = true) -> Bool {
        state.interrupted || state.cancelled || (held && state.held) || Task.isCancelled
    }

    private func preparation(for state: TransferBatchState) -> DirectoryPreparation {
        DirectoryPreparation(
            destination: state.destinationSite, conflicts: state.conflicts, modes: state.modes, root: state.destinationRoot)
    }

    /// Makes entry `index` ready once its directory is: where it goes follows from its
    /// directory (which may have failed or been skipped, taking it along); a directory is
    /// created or merged into; a file or symlink is queued. An entry stopped before it (or its
    /// directory) could be made ready is paused, left for a resume.
    /// - Parameter fresh: just handed over by the walk (paused if the Batch is).
    private func place(_ index: Int, in state: TransferBatchState, with preparation: DirectoryPreparation, fresh: Bool) async {
        let entry = state.plan.entries[index]
        guard case .pending = state.items[index].outcome else {
            if entry.parent == nil && state.items[index].destination == nil { state.items[index].destination = entry.destinationName }
            return
        }
        if let parent = entry.parent {
            let inherited = preparation.inheritance(
                name: entry.destinationName, parentOutcome: state.items[parent].outcome,
                parentPath: state.items[parent].destination)
            switch inherited {
            case .outcome(let outcome):
                state.items[index].outcome = outcome
                emit(.finished(state.report(of: index)))
                return
            case .path(let path):
                if state.items[index].destination == nil { state.items[index].destination = path }
            case .notReady:
                break
            }
        } else if state.items[index].destination == nil {
            state.items[index].destination = entry.destinationName
        }
        if entry.kind == .directory, let path = state.items[index].destination, !stopped(state, held: fresh) {
            do {
                let (placed, outcome) = try await preparation.prepare(entry, from: state.sourceAddress(of: index), at: path)
                state.items[index].destination = placed
                // An entry paused or cancelled meanwhile keeps what the person asked for.
                guard case .pending = state.items[index].outcome else { return }
                state.items[index].outcome = outcome
                emit(.finished(state.report(of: index)))
                return
            } catch is CancellationError {
            } catch {
                guard case .pending = state.items[index].outcome else { return }
                state.items[index].outcome = .failed(TransferFailure(error))
                emit(.finished(state.report(of: index)))
                return
            }
        }
        guard case .pending = state.items[index].outcome else { return }
        if state.cancelled {
            state.items[index].outcome = .cancelled(notRemoved: [])
            emit(.finished(state.report(of: index)))
        } else if entry.kind == .directory || state.items[index].destination == nil || stopped(state, held: fresh) {
            // Stopped before it (or its directory) could be made ready: left for a resume.
            state.items[index].outcome = .paused(TransferPause(partial: nil))
            emit(.finished(state.report(of: index)))
        } else {
            state.enqueue(index)
        }
    }

    // MARK: - Scheduling

    private func schedule() {
        for id in order {
            guard let state = batches[id] else { continue }
            if running < parallel && state.phase == .running {
                while running < parallel, let index = state.dequeue() {
                    start(index, in: state)
                }
            }
            releaseWalker(state)
        }
    }

    private func start(_ index: Int, in state: TransferBatchState) {
        let entry = state.plan.entries[index]
        let source = state.sourceAddress(of: index)
        let destinationSite = state.destinationSite
        guard let sourceConnections = state.connections[source.location],
            let destinationConnections = state.connections[destinationSite.location]
        else { return }
        let signal = TransferStopSignal()
        let job = TransferJob(
            id: TransferID(batch: state.id, index: index), entry: entry, source: source,
            destination: TransferAddress(location: destinationSite.location, path: state.destinationPath(of: index)),
            sourceConnections: sourceConnections, destinationConnections: destinationConnections,
            resume: state.batch.resume || state.items[index].resumeRequested,
            waitForWriters: state.batch.waitForWriters, runIdentity: runIdentity, knownRecord: state.items[index].record,
            conflicts: state.conflicts, modes: state.modes, replacement: state.batch.replacement,
            inNewDirectory: entry.parent.map { state.items[$0].outcome.isCreatedDirectory } ?? false,
            store: store, tuning: tuning, observer: observer, signal: signal)
        running += 1
        state.active += 1
        state.items[index].outcome = .running
        state.items[index].signal = signal
        let batchID = state.id
        state.items[index].task = Task {
            let result = await job.run()
            self.finished(index, in: batchID, result)
        }
    }

    /// - Parameter transfer: it ran as a transfer (counted against `parallel`), not as the
    ///   cleanup after cancelling a paused one.
    private func finished(_ index: Int, in id: TransferBatchID, _ result: TransferJob.Result, transfer: Bool = true) {
        if transfer { running -= 1 }
        guard let state = batches[id] else { return }
        state.active -= 1
        state.items[index].outcome = result.outcome
        state.items[index].destination = result.destination
        state.items[index].record = result.record
        state.items[index].task = nil
        state.items[index].signal = nil
        if case .cancelled(let notRemoved) = result.outcome {
            state.notRemoved += notRemoved.map { TransferAddress(location: state.batch.destination.site.location, path: $0) }
        }
        emit(.finished(state.report(of: index)))
        schedule()
        checkSettled(state)
    }

    private func pause(_ index: Int, in state: TransferBatchState) {
        stop(index, in: state, .pause)
    }

    /// Stops a running transfer keeping its partial (pause, interruption), or marks a waiting
    /// one paused before it starts.
    private func stop(_ index: Int, in state: TransferBatchState, _ reason: TransferStopReason) {
        switch state.items[index].outcome {
        case .running:
            state.items[index].signal?.stop(reason)
            state.items[index].task?.cancel()
        case .pending:
            state.items[index].outcome = .paused(TransferPause(partial: nil))
            emit(.finished(state.report(of: index)))
        default:
            break
        }
    }

    /// Marks an entry to run again, with the directories above it that an interruption left
    /// unprepared; whether it was resumable.
    private func resume(_ index: Int, in state: TransferBatchState) -> Bool {
        switch state.items[index].outcome {
        case .paused:
            break
        case .failed(let failure) where failure.partial != nil:
            break
        default:
            return false
        }
        state.items[index].outcome = .pending
        state.items[index].resumeRequested = true
        if state.plan.entries[index].kind == .directory {
            state.needsPreparation = true
        } else {
            state.enqueue(index)
        }
        var parent = state.plan.entries[index].parent
        while let current = parent {
            if case .paused = state.items[current].outcome {
                state.items[current].outcome = .pending
                state.needsPreparation = true
            }
            parent = state.plan.entries[current].parent
        }
        return true
    }

    /// Runs a Batch again after entries were resumed: directories first if some need it.
    private func restart(_ state: TransferBatchState) {
        state.interrupted = false
        // A walk still going prepares them when it ends.
        if (state.needsPreparation || state.walk != nil) && state.planning == nil {
            state.phase = .planning
            let id = state.id
            state.planning = Task { await self.walkOn(id) }
            return
        }
        if state.phase == .settled { state.phase = .running }
        schedule()
    }

    private func cancel(_ index: Int, in state: TransferBatchState) {
        let item = state.items[index]
        switch item.outcome {
        case .running:
            item.signal?.stop(.cancel)
            item.task?.cancel()
        case .pending:
            state.items[index].outcome = .cancelled(notRemoved: [])
            emit(.finished(state.report(of: index)))
        case .paused, .failed:
            guard let partial = item.outcome.partial else {
                if case .paused = item.outcome {
                    state.items[index].outcome = .cancelled(notRemoved: [])
                    emit(.finished(state.report(of: index)))
                }
                return
            }
            // Stopped already: remove what it left.
            let site = state.destinationSite
            let store = store
            let recordAddress = TransferAddress(location: site.location, path: state.destinationPath(of: index))
            state.items[index].outcome = .running
            state.active += 1
            if state.phase == .settled { state.phase = .running }
            let id = state.id
            Task {
                var notRemoved: [String] = []
                // Removed only while no other transfer writes the destination (it may have
                // taken the partial over since this one paused).
                if let claim = try? await store.claim(destination: recordAddress, wait: false) {
                    _ = try? await store.remove(destination: recordAddress)
                    do {
                        try await site.fileSystem.remove(partial.address.path)
                    } catch let error as FileSystemError where error.kind == .noSuchFile {
                    } catch {
                        notRemoved.append(partial.address.path)
                    }
                    await claim.release()
                } else {
                    notRemoved.append(partial.address.path)
                }
                self.finished(
                    index, in: id,
                    TransferJob.Result(outcome: .cancelled(notRemoved: notRemoved), destination: recordAddress.path, record: nil),
                    transfer: false)
            }
        default:
            break
        }
    }

    /// Interrupts a Batch (its waiting task was cancelled): running transfers stop keeping
    /// their partials, waiting ones stay paused.
    private func interrupt(_ id: TransferBatchID) {
        guard let state = batches[id], state.phase != .settled else { return }
        state.interrupted = true
        state.planning?.cancel()
        releaseWalker(state)
        for index in state.items.indices { stop(index, in: state, .interrupt) }
        checkSettled(state)
    }

    // MARK: - Settling

    private func checkSettled(_ state: TransferBatchState) {
        guard state.phase == .running, !state.walking, state.active == 0, !state.hasQueued else { return }
        state.phase = .settling
        let id = state.id
        Task { await self.settle(id) }
    }

    private func settle(_ id: TransferBatchID) async {
        guard let state = batches[id], state.phase == .settling else { return }
        let fileSystem = state.destinationSite.fileSystem
        for index in state.directoriesReadyForAttributes() {
            let entry = state.plan.entries[index]
            var attributes = FileAttributes(mode: state.modes.permissions(of: entry.attributes))
            if let modified = entry.attributes.modified {
                attributes.modified = modified
                attributes.accessed = entry.attributes.accessed ?? modified
            }
            let path = state.destinationPath(of: index)
            do {
                try await fileSystem.setAttributes(path, attributes)
                state.items[index].attributesApplied = true
            } catch {
                state.items[index].outcome = .failed(TransferFailure(error))
                state.items[index].attributesApplied = true
                emit(.finished(state.report(of: index)))
            }
        }
        for connections in state.connections.values { await connections.closeExtras() }
        guard state.phase == .settling else { return }
        if state.hasQueued || state.active > 0 {
            // Resumed while settling: run again.
            state.phase = .running
            schedule()
            checkSettled(state)
            return
        }
        state.phase = .settled
        let report = state.report
        if report.succeeded {
            // Nothing is left to resume: a later run of the same copy plans afresh.
            let store = store, batch = state.batch
            try? await store.removePlacement(sources: batch.sources.map(\.address), destination: batch.destination.address)
        }
        emit(.settled(report))
        let waiters = state.waiters
        state.waiters.removeAll()
        for waiter in waiters { waiter.resume(returning: report) }
    }

    private func emit(_ event: TransferEvent) { observer(event) }
}
