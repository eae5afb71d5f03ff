import Foundation
import TermindDomain

/// One entry's run: takes its connections, copies the file (or makes the symlink), commits it
/// and says how it ended. Stops are classified here: a pause, an interruption or a lost
/// connection keep the partial and save its record; a cancel removes both; a failed
/// verification removes the partial; other failures keep a partial worth resuming.
struct TransferJob: Sendable {
    struct Result: Sendable {
        let outcome: TransferOutcome
        /// The destination path used (the free name for *Keep both*).
        let destination: String
        /// The record of the partial kept, for a resume in this process.
        let record: PartialTransferRecord?
    }

    let id: TransferID
    let entry: TransferPlan.Entry
    let source: TransferAddress
    /// The planned destination path (a conflict may choose another).
    let destination: TransferAddress
    let sourceConnections: TransferConnections
    /// The same object as `sourceConnections` when source and destination are on one site.
    let destinationConnections: TransferConnections
    let resume: Bool
    /// Wait for another transfer writing the destination instead of failing (`--wait`).
    let waitForWriters: Bool
    /// This run's identity (`TransferEngine.runIdentity`), written into partial records.
    let runIdentity: String
    /// The record kept in memory from an earlier stop of this entry.
    let knownRecord: PartialTransferRecord?
    let conflicts: ConflictDecisions
    /// The permission bits the file gets.
    let modes: TransferModes
    /// The destination version an edit replaces, checked instead of asking about a conflict.
    let replacement: TransferReplacement?
    /// The directory the destination goes in was created by this run: nothing was at its name
    /// then, and a file that took it since is found by the commit's rename, which never
    /// replaces. A file is then not looked for before it is copied.
    let inNewDirectory: Bool
    let store: any PartialTransferStore
    let tuning: TransferTuning
    let observer: @Sendable (TransferEvent) -> Void
    let signal: TransferStopSignal

    var sameSite: Bool { source.location == destination.location }

    func run() async -> Result {
        let sourceLease: TransferConnections.Lease
        let destinationLease: TransferConnections.Lease
        do {
            sourceLease = try await sourceConnections.acquire()
        } catch {
            return await stopped(error, FileTransferState(destination: destination.path), in: nil)
        }
        if sameSite {
            destinationLease = sourceLease
        } else {
            do {
                destinationLease = try await destinationConnections.acquire()
            } catch {
                await sourceConnections.release(sourceLease, broken: false)
                return await stopped(error, FileTransferState(destination: destination.path), in: nil)
            }
        }
        let result: Result
        switch entry.kind {
        case .file:
            let state = FileTransferState(destination: destination.path)
            result = await transferFile(state, from: sourceLease.fileSystem, to: destinationLease.fileSystem)
            await state.finish()
        case .symlink:
            result = await copySymlink(from: sourceLease.fileSystem, to: destinationLease.fileSystem)
        case .directory, .other:
            result = Result(outcome: .skipped(.notARegularFile), destination: destination.path, record: nil)
        }
        var broken = false
        if case .paused(let pause) = result.outcome, let cause = pause.cause { broken = Self.isConnectionLoss(cause) }
        if !sameSite { await destinationConnections.release(destinationLease, broken: broken) }
        await sourceConnections.release(sourceLease, broken: broken)
        return result
    }

    func emit(_ event: TransferEvent) { observer(event) }

    func destinationAddress(_ path: String) -> TransferAddress {
        TransferAddress(location: destination.location, path: path)
    }

    /// A lost or broken connection, or a server that stopped answering: the transfer pauses
    /// and keeps its partial.
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if let failure = error as? FileSystemError {
            return failure.kind == .connectionLost || failure.kind == .protocolViolation || failure.kind == .timedOut
        }
        return error is SSHFailure
    }

    /// Ends a run that threw: what to keep, what to remove, and the outcome. Only a partial
    /// this run owns (created or took over) is kept or removed; anything else at its name was
    /// never touched and stays so.
    func stopped(_ error: any Error, _ state: FileTransferState, in fileSystem: (any FileSystem)?) async -> Result {
        let reason = signal.current
        let path = state.finalPath
        if let refusal = error as? TransferError, refusal.kind == .notAPartial || refusal.kind == .destinationBusy {
            // Another's file, or another writer's: not this run's to keep or remove.
            state.ownsPartial = false
            await state.closeHandles()
            return Result(outcome: .failed(TransferFailure(error)), destination: path, record: nil)
        }
        if reason == .cancel {
            let notRemoved = await removePartial(state, in: fileSystem)
            await state.closeHandles()
            return Result(outcome: .cancelled(notRemoved: notRemoved), destination: path, record: nil)
        }
        let interrupted = reason != nil || error is CancellationError
        if interrupted || Self.isConnectionLoss(error) {
            // Interrupted, nothing more is asked of a server (it may be the one not answering).
            let (partial, record) = await keepPartial(state, askingTheFile: !interrupted)
            if interrupted { state.closeHandlesInBackground() } else { await state.closeHandles() }
            let pause = TransferPause(partial: partial, cause: interrupted ? nil : error)
            return Result(outcome: .paused(pause), destination: path, record: record)
        }
        if let failure = error as? TransferError, failure.kind == .destinationChanged {
            // Someone else's write is there: nothing of this upload is worth keeping remotely
            // (the edit keeps its local copy).
            let notRemoved = await removePartial(state, in: fileSystem)
            await state.closeHandles()
            let told = notRemoved.isEmpty
                ? failure
                : TransferError(failure.kind, failure.address, "\(failure.detail); the partial \(notRemoved[0]) could not be removed")
            return Result(outcome: .failed(TransferFailure(told)), destination: path, record: nil)
        }
        if let failure = error as? TransferError, failure.exitCode == .transferIncomplete {
            let notRemoved = await removePartial(state, in: fileSystem)
            await state.closeHandles()
            let what = state.ownsPartial
                ? (notRemoved.isEmpty ? "the partial was removed" : "the partial \(notRemoved[0]) could not be removed")
                : "nothing was written"
            let told = TransferError(failure.kind, failure.address, "\(failure.detail); \(what), run the copy again")
            return Result(outcome: .failed(TransferFailure(told)), destination: path, record: nil)
        }
        if state.wroteToPartial && state.prefix.length > 0 {
            let (partial, record) = await keepPartial(state)
            await state.closeHandles()
            return Result(outcome: .failed(TransferFailure(error, partial: partial)), destination: path, record: record)
        }
        if state.wroteToPartial { _ = await removePartial(state, in: fileSystem) }
        await state.closeHandles()
        return Result(outcome: .failed(TransferFailure(error)), destination: path, record: nil)
    }

    /// Saves the record of what the partial verifiably holds (when its prefix is known) and
    /// names the partial kept. The partial is still open: its identity is read from it, unless
    /// `askingTheFile` is false (then the identity it was opened with, without size and mtime
    /// for a remote one, is recorded).
    private func keepPartial(_ state: FileTransferState, askingTheFile: Bool = true) async
        -> (PartialFile?, PartialTransferRecord?)
    {
        guard state.ownsPartial, let partialPath = state.partialPath else { return (nil, nil) }
        guard state.prefixKnown else {
            // Stopped before the earlier partial was checked: its record stays as it was.
            guard state.partialExisted else { return (nil, nil) }
            let record = state.earlierRecord ?? knownRecord
            return (PartialFile(address: destinationAddress(partialPath), bytesKept: record?.verifiedBytes ?? 0), record)
        }
        // Saved even when nothing is verified yet: a resume can then say what changed.
        var identity = state.partialIdentity?.whileWriting
        if askingTheFile, let writer = state.writer, let current = try? await uncancelled({ try await writer.currentIdentity() }) {
            identity = current
        }
        let record = state.record(
            source: source, destination: destinationAddress(state.finalPath), writer: runIdentity, partial: identity)
        let store = store
        _ = try? await uncancelled { try await store.save(record) }
        return (PartialFile(address: destinationAddress(partialPath), bytesKept: state.prefix.length), record)
    }

    /// Removes the partial this run owns and its record; the paths that could not be removed.
    private func removePartial(_ state: FileTransferState, in fileSystem: (any FileSystem)?) async -> [String] {
        guard state.ownsPartial, let partialPath = state.partialPath, let fileSystem else { return [] }
        let store = store
        let recordAddress = destinationAddress(state.finalPath)
        _ = try? await uncancelled { try await store.remove(destination: recordAddress) }
        do {
            try await uncancelled { try await fileSystem.remove(partialPath) }
            return []
        } catch let error as FileSystemError where error.kind == .noSuchFile {
            return []
        } catch {
            return [partialPath]
        }
    }
}

/// Runs `operation` in a task of its own, so cleanup still happens after the caller's task
/// was cancelled (a pause or Ctrl-C must still close handles and save the record).
func uncancelled<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await Task { try await operation() }.value
}
