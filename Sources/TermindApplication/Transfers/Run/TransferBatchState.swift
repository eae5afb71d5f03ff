import TermindDomain

/// The engine's bookkeeping for one Batch: its plan so far (it grows as the walk goes), each
/// entry's state, the queue of entries waiting, its connections and who waits for it to settle. Confined to the `TransferEngine`
/// actor; not `Sendable`.
final class TransferBatchState {
    enum Phase {
        /// Finding the destination, or preparing directories again after a resume.
        case planning
        /// Entries running or waiting, while the walk may still hand over more (`walking`).
        case running
        /// Nothing left to run: applying directory attributes and closing extras.
        case settling
        case settled
    }

    struct Item {
        var outcome: TransferOutcome = .pending
        /// The destination path once known (a conflict may pick another name).
        var destination: String?
        var task: Task<Void, Never>?
        var signal: TransferStopSignal?
        /// The record of the partial kept at the last stop.
        var record: PartialTransferRecord?
        /// Resumed by the person: continue its partial even if the Batch did not ask to resume.
        var resumeRequested = false
        /// The directory's mode and mtime have been applied.
        var attributesApplied = false
    }

    let id: TransferBatchID
    let batch: TransferBatch
    let conflicts: ConflictDecisions
    /// The permission bits what this Batch creates gets.
    let modes: TransferModes
    /// Where this Batch writes: the destination's site, confined to the destination root
    /// once planning found it (`confineDestination`).
    private(set) var destinationSite: TransferSite
    /// The directory the person chose to copy into, once planning found it: it is followed
    /// if a symlink; nothing below it is.
    private(set) var destinationRoot: String?
    /// One per location among the sources and the destination. Endpoints at one location are
    /// one server: a source there is read through the destination's site, so a copy on the
    /// server holds a single connection (and can use `copy-data`).
    private(set) var connections: [String: TransferConnections]
    private let parallel: Int
    var phase = Phase.planning
    var plan = TransferPlan()
    var items: [Item] = []
    /// Each entry's source location (the named source it came from).
    var sourceLocations: [String] = []
    var queue: [Int] = []
    var queueHead = 0
    var failure: TransferFailure?
    var interrupted = false
    /// The whole Batch was cancelled: nothing of it starts any more.
    var cancelled = false
    /// The whole Batch was paused: its walk stops, and what it hands over meanwhile is paused.
    var held = false
    /// Directories were resumed that must be made ready before their files run.
    var needsPreparation = false
    var notRemoved: [TransferAddress] = []
    /// Entries running (or being cleaned up after a cancel).
    var active = 0
    var waiters: [CheckedContinuation<TransferBatchReport, Never>] = []
    var planning: Task<Void, Never>?
    /// What is left to walk: nil once walked to the end (or the Batch could not start).
    var walk: TransferPlanner.Position?
    /// A walk is going on: the Batch cannot settle yet.
    var walking = false
    /// The walk waiting for the copies to catch up (`TransferTuning.walkAhead`).
    var walker: CheckedContinuation<Void, Never>?
    /// Regular files and their bytes planned so far, for `TransferEvent.planned`.
    private(set) var plannedFiles = 0
    private(set) var plannedBytes: UInt64 = 0

    init(id: TransferBatchID, batch: TransferBatch, parallel: Int) {
        self.id = id
        self.batch = batch
        conflicts = ConflictDecisions(batch.conflicts)
        modes = TransferModes(
            preserveMode: batch.preserveMode, destination: batch.destination.site.fileSystem, fixed: batch.permissions)
        destinationSite = batch.destination.site
        self.parallel = parallel
        var connections: [String: TransferConnections] = [:]
        for site in [batch.destination.site] + batch.sources.map(\.site) where connections[site.location] == nil {
            connections[site.location] = TransferConnections(site: site, parallel: parallel)
        }
        self.connections = connections
    }

    /// From now on everything this Batch does at its destination goes through the site's file
    /// system confined to `root`, where it can be (this machine's): no symlink below the root,
    /// whoever made it, leads a directory, a partial or a rename elsewhere. Before any entry runs.
    func confineDestination(to root: String) {
        destinationRoot = root
        let site = batch.destination.site
        guard let confinable = site.fileSystem as? any ConfinableFileSystem else { return }
        let openExtra = site.openExtra.map { open in
            { @Sendable () async throws -> any FileSystem in
                let extra = try await open()
                return (extra as? any ConfinableFileSystem)?.confined(to: root) ?? extra
            }
        }
        destinationSite = TransferSite(
            fileSystem: confinable.confined(to: root), primaryTransfers: site.primaryTransfers, openExtra: openExtra,
            closeExtra: site.closeExtra)
        connections[site.location] = TransferConnections(site: destinationSite, parallel: parallel)
    }

    /// Takes a part of the walk: its entries become pending, or what the walk decided.
    func append(_ part: TransferPlanner.Part) {
        assert(part.first == items.count, "parts are taken in order")
        let location = batch.sources[part.source].site.location
        for entry in part.entries {
            let index = plan.append(entry)
            items.append(Item(outcome: part.decided[index] ?? .pending))
            sourceLocations.append(location)
            guard entry.kind == .file else { continue }
            plannedFiles += 1
            // Sizes come from a server: an impossible one counts nothing, and the sum saturates.
            guard !entry.attributes.hasImpossibleSize else { continue }
            let (sum, overflow) = plannedBytes.addingReportingOverflow(entry.attributes.size ?? 0)
            plannedBytes = overflow ? .max : sum
        }
    }

    func enqueue(_ index: Int) { queue.append(index) }

    /// Entries queued and not yet started (some may have been paused or cancelled meanwhile).
    var queuedCount: Int { queue.count - queueHead }

    /// The next waiting entry, if any.
    func dequeue() -> Int? {
        // The walk queues as files start, so the queue may never empty: what started goes.
        if queueHead >= 4096 && queueHead * 2 >= queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        while queueHead < queue.count {
            let index = queue[queueHead]
            queueHead += 1
            if case .pending = items[index].outcome { return index }
        }
        queue.removeAll()
        queueHead = 0
        return nil
    }

    var hasQueued: Bool {
        queue[queueHead...].contains { index in
            if case .pending = items[index].outcome { return true }
            return false
        }
    }

    /// Where entry `index` goes: its resolved destination, else its parent's plus its name.
    func destinationPath(of index: Int) -> String {
        if let known = items[index].destination { return known }
        let entry = plan.entries[index]
        guard let parent = entry.parent else { return entry.destinationName }
        return RemotePath.join(destinationPath(of: parent), entry.destinationName)
    }

    func sourceAddress(of index: Int) -> TransferAddress {
        TransferAddress(location: sourceLocations[index], path: plan.entries[index].sourcePath)
    }

    func report(of index: Int) -> TransferFileReport {
        TransferFileReport(
            id: TransferID(batch: id, index: index), kind: plan.entries[index].kind, source: sourceAddress(of: index),
            destination: TransferAddress(location: destinationSite.location, path: destinationPath(of: index)),
            outcome: items[index].outcome)
    }

    var report: TransferBatchReport {
        TransferBatchReport(
            id: id, files: items.indices.map(report(of:)), failure: failure, interrupted: interrupted,
            notRemoved: notRemoved)
    }

    /// Directories this Batch created whose trees have nothing left running, waiting or paused,
    /// deepest first: their mode and mtime can be applied now.
    func directoriesReadyForAttributes() -> [Int] {
        var unsettled = Set<Int>()
        for index in items.indices where !items[index].outcome.isFinal {
            var parent = plan.entries[index].parent
            while let current = parent, unsettled.insert(current).inserted {
                parent = plan.entries[current].parent
            }
        }
        return items.indices.reversed().filter { index in
            guard plan.entries[index].kind == .directory, !items[index].attributesApplied, items[index].outcome.isCreatedDirectory
            else { return false }
            return !unsettled.contains(index)
        }
    }
}
