import TermindDomain

/// The workbench's transfer queue (docs/behaviour.md §4): every copy the person asks for runs
/// here as a Batch of one `TransferEngine`, the engine of `termind cp` (a partial beside each
/// destination, the exact count and SHA-256 before the rename, claims, partial records), at
/// most `parallel` files at once on silent extra connections, else one at a time on the
/// Host's own. What it shows is a `TransferQueueState` built from the engine's events.
///
/// Pause keeps the partial and its record; resume continues from the verified prefix; cancel
/// removes the partial and reports a path it could not. Conflicts become questions, one at a
/// time, answered per file or for the rest of the Batch. The partial records of earlier runs
/// are listed as interrupted by `listInterrupted()`, and run only when the person resumes one.
///
/// Callable from any task; `onChange` is told of every change (from any task).
public final class TransferQueue: Sendable {
    private let board: TransferQueueBoard
    private let engine: TransferEngine
    private let sites: any TransferSiteProvider
    private let store: any PartialTransferStore
    private let listing: (any PartialTransferListing)?

    /// - Parameters:
    ///   - sites: this machine's file system and each Host's connection, by side.
    ///   - store: the partial records, shared with `termind cp`.
    ///   - listing: where the records of earlier runs are listed from; nil lists none.
    ///   - parallel: files at once (docs/behaviour.md §4: four).
    public init(
        sites: any TransferSiteProvider, store: any PartialTransferStore, listing: (any PartialTransferListing)? = nil,
        parallel: Int = 4, tuning: TransferTuning = TransferTuning()
    ) {
        let board = TransferQueueBoard()
        self.board = board
        self.sites = sites
        self.store = store
        self.listing = listing
        engine = TransferEngine(parallel: parallel, store: store, tuning: tuning, observer: { board.take($0) })
        board.onPlanned { [weak self] id in self?.refresh(id) }
    }

    /// What the queue shows now.
    public var state: TransferQueueState { board.state }

    /// Running and waiting transfers (the status bar's count).
    public var activeCount: Int { board.state.activeCount }

    /// Interrupted, paused and resumable transfers, waiting for the person (the status bar's).
    public var resumableCount: Int { board.state.resumableCount }

    /// Sets who is told of each change; called from whichever task changed it.
    public func onChange(_ body: @escaping @Sendable () -> Void) {
        board.onChange(body)
    }

    // MARK: - Adding

    /// Connects the request's sides (the first time each is named) and queues its copy:
    /// directories whole, conflicts asked.
    @discardableResult
    public func submit(_ request: TransferRequest) async throws -> TransferBatchID {
        let source = try await sites.site(for: request.source)
        let destination = try await sites.site(for: request.destination)
        return await submit(TransferBatch(
            sources: request.paths.map { TransferEndpoint(source, $0) }, destination: TransferEndpoint(destination, request.directory),
            recursive: true, conflicts: .ask(TransferQueueResolver(board: board))))
    }

    /// Queues a Batch as it is (its conflict handling included).
    @discardableResult
    public func submit(_ batch: TransferBatch) async -> TransferBatchID {
        let id = await engine.submit(batch)
        let engine = engine, board = board
        Task {
            let report = await engine.wait(for: id)
            board.change { $0.merge(report) }
        }
        return id
    }

    /// Reads the Batch's report so the files its walk found show as waiting before they start.
    private func refresh(_ id: TransferBatchID) {
        guard board.beginRefresh(id) else { return }
        let engine = engine, board = board
        Task {
            repeat {
                if let report = await engine.report(for: id) { board.change { $0.merge(report) } }
            } while board.endRefresh(id)
        }
    }

    /// The Batch's report once it settles (the tests wait on it).
    public func wait(for id: TransferBatchID) async -> TransferBatchReport {
        await engine.wait(for: id)
    }

    // MARK: - Earlier runs

    /// Lists the partial records earlier runs left as interrupted transfers. Nothing runs
    /// until the person resumes one.
    public func listInterrupted() async throws {
        guard let listing else { return }
        let records = try await listing.interruptedTransfers()
        board.change { $0.listInterrupted(records) }
    }

    // MARK: - Control

    /// Pauses a running or waiting transfer, keeping its partial and record.
    public func pause(_ id: TransferQueueItem.ID) async {
        guard case .transfer(let transfer) = id else { return }
        await engine.pause(transfer)
    }

    /// Resumes a paused transfer (or one that failed keeping a partial) from its verified
    /// prefix; an interrupted one from an earlier run runs as `termind cp --resume` would.
    public func resume(_ id: TransferQueueItem.ID) async throws {
        switch id {
        case .transfer(let transfer):
            await engine.resume(transfer)
        case .interrupted(let destination):
            guard let item = board.state.item(id) else { return }
            let source = try await sites.site(for: TransferSide(location: item.source.location))
            let target = try await sites.site(for: TransferSide(location: destination.location))
            board.change { $0.removeInterrupted(destination) }
            await submit(TransferBatch(
                sources: [TransferEndpoint(source, item.source.path)], destination: TransferEndpoint(target, destination.path),
                resume: true, conflicts: .ask(TransferQueueResolver(board: board))))
        case .batch:
            return
        }
    }

    /// Cancels a transfer: it stops and its partial and record are removed (a path that could
    /// not be is reported in its state). An interrupted one is discarded the same way.
    public func cancel(_ id: TransferQueueItem.ID) async throws {
        switch id {
        case .transfer(let transfer):
            await engine.cancel(transfer)
        case .interrupted(let destination):
            let site = try await sites.site(for: TransferSide(location: destination.location))
            let notRemoved = await discard(destination, on: site.fileSystem)
            board.change { state in
                if notRemoved.isEmpty {
                    state.removeInterrupted(destination)
                } else {
                    state.discardFailed(destination, notRemoved: notRemoved)
                }
            }
        case .batch:
            return
        }
    }

    /// Removes an earlier run's partial and record, as a cancel does: only while no other
    /// transfer writes the destination, and only the file its record names (never one planted
    /// at its name). The paths left.
    private func discard(_ destination: TransferAddress, on fileSystem: any FileSystem) async -> [String] {
        guard let record = try? await store.load(destination: destination) else { return [] }
        let partial = record.partialPath
        guard let claim = try? await store.claim(destination: destination, wait: false) else { return [partial] }
        var left: [String] = []
        do {
            let writer = try await fileSystem.openPartial(partial, wait: false)
            let named = ((try? await writer.namedIdentity()) ?? nil) != nil
            if named, record.partial?.matches(writer.identity) == true {
                do {
                    try await fileSystem.remove(partial)
                } catch let error as FileSystemError where error.kind == .noSuchFile {
                } catch {
                    left.append(partial)
                }
            } else {
                left.append(partial)
            }
            try? await writer.close()
        } catch let error as FileSystemError where error.kind == .noSuchFile {
        } catch {
            left.append(partial)
        }
        if left.isEmpty { try? await store.remove(destination: destination) }
        await claim.release()
        return left
    }

    /// Drops finished entries from the list (and their settled Batches from the engine).
    public func clearFinished() async {
        let batches = board.change { $0.clearFinished() }
        for batch in batches { await engine.forget(batch: batch) }
    }

    /// Answers the conflict question `id`.
    public func answer(_ id: Int, _ answer: ConflictAnswer) {
        board.answer(id, answer)
    }

    // MARK: - Ending

    /// The workbench is quitting: running and waiting transfers stop keeping their partials
    /// (the next run lists them as interrupted), their questions withdrawn; connections close.
    public func shutdown() async {
        let batches = Set(board.state.transfers.filter { !$0.isFinished }.compactMap(\.batch))
        for batch in batches { await engine.pause(batch: batch) }
        for batch in batches { _ = await engine.wait(for: batch) }
        await sites.close()
    }
}
