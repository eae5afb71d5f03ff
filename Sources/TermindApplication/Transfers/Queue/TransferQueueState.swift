import TermindDomain

/// What the transfer queue shows, built from the engine's events alone (a pure value, so tests
/// drive it with events): the interrupted transfers of earlier runs first, then this run's
/// transfers in Batch and plan order, and the conflicts waiting for an answer.
public struct TransferQueueState: Sendable, Equatable {
    /// Partial records of earlier runs, listed at start and never replayed by themselves.
    public private(set) var interrupted: [TransferQueueItem] = []
    /// This run's files and symlinks (directories only when they fail), sorted by `TransferID`.
    public private(set) var transfers: [TransferQueueItem] = []
    /// Conflicts waiting for the person; the first is the one on screen.
    public private(set) var questions: [TransferQueueQuestion] = []

    public init() {}

    public var items: [TransferQueueItem] { interrupted + transfers }

    /// The transfers still running or waiting that read from or write to one of `hosts` (by
    /// label): what stops when those Hosts leave the Vault.
    public func activeItems(touching hosts: Set<String>) -> [TransferQueueItem] {
        transfers.filter { $0.isActive && (hosts.contains($0.source.location) || hosts.contains($0.destination.location)) }
    }
    public var runningCount: Int { transfers.count { $0.state == .running } }
    public var waitingCount: Int { transfers.count { $0.state == .waiting } }
    /// What the status bar counts: running and waiting.
    public var activeCount: Int { runningCount + waitingCount }
    /// Transfers that wait for the person to resume them (interrupted by an earlier run,
    /// paused, failed with a partial kept): the status bar counts them too, as waiting.
    public var resumableCount: Int { items.count { $0.canResume } }

    public func item(_ id: TransferQueueItem.ID) -> TransferQueueItem? {
        if case .interrupted = id { return interrupted.first { $0.id == id } }
        return position(of: id).found.map { transfers[$0] }
    }

    // MARK: - Events

    /// Takes one event of the engine in; whether anything shown changed.
    @discardableResult
    public mutating func apply(_ event: TransferEvent) -> Bool {
        switch event {
        case .planned:
            return false
        case .started(let id, let start):
            update(.transfer(id), source: start.source, destination: start.destination) { item in
                item.state = .running
                item.totalBytes = start.totalBytes
                item.bytesDone = start.resumingFrom
                item.bytesPerSecond = nil
            }
        case .restarted(let id, _, let destination):
            update(.transfer(id), source: nil, destination: destination) { item in
                item.bytesDone = 0
            }
        case .progress(let id, let progress):
            update(.transfer(id), source: nil, destination: nil) { item in
                item.state = .running
                item.bytesDone = progress.bytesDone
                item.totalBytes = progress.totalBytes
                item.bytesPerSecond = progress.bytesPerSecond
            }
        case .finished(let report):
            record(report)
        case .settled(let report):
            merge(report)
        }
        return true
    }

    /// Lists the entries of a Batch report not seen yet (files waiting their turn) and the
    /// Batch's own failure; entries already listed keep what their events said.
    public mutating func merge(_ report: TransferBatchReport) {
        for file in report.files where item(.transfer(file.id)) == nil {
            record(file)
        }
        if let failure = report.failure, item(.batch(report.id)) == nil {
            let source = report.files.first?.source ?? TransferAddress(location: "", path: "")
            insert(TransferQueueItem(
                id: .batch(report.id), source: source, destination: report.files.first?.destination ?? source,
                state: .failed(failure.description, resumable: false)))
        }
    }

    private mutating func record(_ report: TransferFileReport) {
        let state: TransferQueueItem.State
        switch report.outcome {
        // The engine counts a transfer running from when it is given its turn; it shows running
        // from its `started` event, once it has a connection.
        case .pending, .running: state = .waiting
        case .completed, .linked: state = .done
        case .directory: return
        case .skipped(let reason): state = .skipped(reason.description)
        case .failed(let failure): state = .failed(failure.description, resumable: failure.partial != nil)
        case .paused: state = .paused
        case .cancelled(let notRemoved): state = .cancelled(notRemoved: notRemoved)
        }
        if report.kind == .directory, case .skipped = state { return }
        update(.transfer(report.id), source: report.source, destination: report.destination) { item in
            item.state = state
            item.bytesPerSecond = nil
            switch report.outcome {
            case .completed(let completion):
                item.totalBytes = completion.bytes
                item.bytesDone = completion.bytes
            case .paused(let pause):
                if let kept = pause.partial?.bytesKept { item.bytesDone = kept }
            case .cancelled:
                item.bytesDone = 0
            default:
                break
            }
        }
    }

    // MARK: - Interrupted transfers of earlier runs

    /// Lists the partial records an earlier run left, except those this run already shows.
    public mutating func listInterrupted(_ records: [PartialTransferRecord]) {
        for record in records
        where !interrupted.contains(where: { $0.destination == record.destination })
            && !transfers.contains(where: { $0.destination == record.destination })
        {
            interrupted.append(TransferQueueItem(
                id: .interrupted(record.destination), source: record.source, destination: record.destination,
                bytesDone: record.verifiedBytes, totalBytes: record.sourceSize, state: .interrupted))
        }
    }

    /// Drops an interrupted entry: resumed (its Batch lists it again) or discarded.
    public mutating func removeInterrupted(_ destination: TransferAddress) {
        interrupted.removeAll { $0.destination == destination }
    }

    /// Marks an interrupted entry whose discard could not remove everything.
    public mutating func discardFailed(_ destination: TransferAddress, notRemoved: [String]) {
        guard let index = interrupted.firstIndex(where: { $0.destination == destination }) else { return }
        interrupted[index].state = .cancelled(notRemoved: notRemoved)
    }

    /// Drops what is finished for good; the Batches that no longer have an entry shown.
    @discardableResult
    public mutating func clearFinished() -> Set<TransferBatchID> {
        interrupted.removeAll(where: \.isFinished)
        var batches = Set<TransferBatchID>()
        for item in transfers where item.isFinished { if let batch = item.batch { batches.insert(batch) } }
        transfers.removeAll(where: \.isFinished)
        for item in transfers { if let batch = item.batch { batches.remove(batch) } }
        return batches
    }

    // MARK: - Conflicts

    /// Queues a question, after those asked before it.
    public mutating func ask(_ question: TransferQueueQuestion) {
        questions.append(question)
    }

    public mutating func removeQuestion(_ id: Int) {
        questions.removeAll { $0.id == id }
    }

    // MARK: - Keeping the order

    private mutating func update(
        _ id: TransferQueueItem.ID, source: TransferAddress?, destination: TransferAddress?,
        _ change: (inout TransferQueueItem) -> Void
    ) {
        let (found, at) = position(of: id)
        if let found {
            if let destination { transfers[found].destination = destination }
            change(&transfers[found])
            return
        }
        guard let source, let destination else { return }
        var item = TransferQueueItem(id: id, source: source, destination: destination, state: .waiting)
        change(&item)
        transfers.insert(item, at: at)
        interrupted.removeAll { $0.destination == destination && $0.state == .interrupted }
    }

    private mutating func insert(_ item: TransferQueueItem) {
        let (found, at) = position(of: item.id)
        if found == nil { transfers.insert(item, at: at) }
    }

    /// Where `id` is in `transfers`, or where it would go (binary search: a big tree lists many).
    private func position(of id: TransferQueueItem.ID) -> (found: Int?, at: Int) {
        guard let key = id.sortKey else { return (nil, transfers.count) }
        var low = 0, high = transfers.count
        while low < high {
            let middle = (low + high) / 2
            let other = transfers[middle].id.sortKey!
            if other == key { return (middle, middle) }
            if other < key { low = middle + 1 } else { high = middle }
        }
        return (nil, low)
    }
}

extension TransferQueueItem {
    /// The Batch it belongs to, for this run's entries.
    var batch: TransferBatchID? {
        switch id {
        case .transfer(let id): id.batch
        case .batch(let id): id
        case .interrupted: nil
        }
    }
}

extension TransferQueueItem.ID {
    /// A Batch's failure sorts before its entries.
    fileprivate var sortKey: SortKey? {
        switch self {
        case .transfer(let id): SortKey(batch: id.batch.rawValue, index: id.index)
        case .batch(let id): SortKey(batch: id.rawValue, index: -1)
        case .interrupted: nil
        }
    }

    fileprivate struct SortKey: Comparable {
        let batch: Int
        let index: Int
        static func < (a: Self, b: Self) -> Bool { (a.batch, a.index) < (b.batch, b.index) }
    }
}
