import Foundation
import TermindDomain

extension TransferJob {
    /// Claims the destination, creates or takes over its partial, and carries out the
    /// `ResumeVerdict` on it; returns the offset the copy starts at.
    ///
    /// The partial is created new (exclusively: nothing at its name is followed or reused).
    /// When something is already there it is taken over only if it is a regular file of this
    /// user (never through a symlink) that the verdict accepts; otherwise the copy is refused
    /// naming the path, and nothing is touched. Another transfer writing the destination (its
    /// claim or its partial's lock held) fails the copy at once, or with `waitForWriters` is
    /// waited for. A partial taken over is continued at its verified end (cut to that length)
    /// or emptied and started at zero with a `restarted` event saying why.
    /// - Parameter digest: receives the running digest of the kept prefix.
    func claimPartial(
        _ state: FileTransferState, digest: inout ContentDigest, in fileSystem: any FileSystem, source sourceFS: any FileSystem
    ) async throws -> UInt64 {
        guard let partialPath = state.partialPath else { throw CancellationError() }
        let address = destinationAddress(state.finalPath)
        let partialAddress = destinationAddress(partialPath)
        let store = store
        let busy = TransferError(
            .destinationBusy, address,
            "another transfer is writing it (its partial \(partialPath) is in use); nothing of it was touched: wait for that transfer to finish, or copy with --wait")
        guard let claim = try await store.claim(destination: address, wait: waitForWriters) else { throw busy }
        state.claim = claim

        let record: PartialTransferRecord?
        if let knownRecord, knownRecord.destination == address {
            record = knownRecord
        } else {
            record = try? await store.load(destination: address)
        }

        if record == nil {
            // Named before it exists: a run killed between creating the partial and recording
            // its identity leaves an empty partial that this record names, which the next run
            // takes over, rather than one that no record names, which it would refuse.
            try await store.save(state.record(source: source, destination: address, writer: runIdentity, partial: nil))
        }

        var writer: (any PartialWriter)?
        for _ in 0..<8 {
            do {
                writer = try await fileSystem.createPartial(partialPath, permissions: 0o600)
                break
            } catch let error as FileSystemError where error.kind == .alreadyExists {
            }
            do {
                writer = try await fileSystem.openPartial(partialPath, wait: waitForWriters)
                state.partialExisted = true
                break
            } catch let error as FileSystemError where error.kind == .noSuchFile {
                continue  // Gone meanwhile (its writer committed it): create it again.
            } catch let error as FileSystemError where error.kind == .busy {
                throw busy
            } catch let error as FileSystemError where error.kind == .unexpectedFile {
                throw TransferError(
                    .notAPartial, partialAddress,
                    "is not Termind's partial file (\(error.detail)); nothing was touched: move it away (or remove it, if it is yours) and copy again")
            }
        }
        guard let writer else {
            throw TransferError(.destinationBusy, address, "its partial \(partialPath) kept appearing and disappearing; another writer is at work there, copy again later")
        }

        let verdict = ResumeVerdict.decide(
            record: record?.resumeEvidence(source: source, partialPath: partialPath),
            partial: state.partialExisted
                ? .found(size: writer.identity.size, isTheRecordedFile: record?.partial?.matches(writer.identity) ?? false)
                : .created,
            source: ResumeVerdict.Source(
                size: state.sourceSize, modified: state.sourceModified, isLocal: !(sourceFS is any RemoteFileSystem)),
            resuming: resume)
        if case .refuse(let refusal) = verdict {
            _ = try? await uncancelled { try await writer.close() }
            let why = switch refusal {
            case .unrecorded: "no partial-transfer record of this user names it"
            case .notTheRecordedFile: "it is not the file its partial-transfer record names"
            }
            throw TransferError(
                .notAPartial, partialAddress,
                "is not Termind's partial file (\(why)); nothing was touched: move it away (or remove it, if it is yours) and copy again")
        }
        state.writer = writer
        state.ownsPartial = true
        state.partialIdentity = writer.identity
        state.earlierRecord = resume ? record : nil
        return try await carryOut(verdict, state, writer: writer, digest: &digest, in: fileSystem, source: sourceFS)
    }

    /// Does what `verdict` says to the partial this run owns now: reads back the prefixes it
    /// asks for, then empties the partial or keeps its verified prefix; returns the offset the
    /// copy starts at.
    private func carryOut(
        _ verdict: ResumeVerdict, _ state: FileTransferState, writer: any PartialWriter, digest: inout ContentDigest,
        in fileSystem: any FileSystem, source sourceFS: any FileSystem
    ) async throws -> UInt64 {
        var verdict = verdict
        var partialDigest = ContentDigest()
        while true {
            switch verdict {
            case .refuse:
                preconditionFailure("a partial is refused before it is taken over")
            case .restart(let reason):
                if let reason { emit(.restarted(id, reason, destination: destinationAddress(state.finalPath))) }
                if state.partialExisted, (writer.identity.size ?? 1) != 0 {
                    try await writer.truncate(to: 0)
                }
                digest = ContentDigest()
                state.startedAt = Date()
                state.prefix = VerifiedPrefix()
                state.prefixKnown = true
                try await saveFreshRecord(state, writer: writer)
                return 0
            case .hashThePrefix(let check):
                var hashed: String?
                do {
                    switch check.side {
                    case .partial:
                        let path = state.partialPath ?? state.finalPath
                        partialDigest = try await hashPrefix(of: writer, path: path, count: check.length, in: fileSystem)
                        hashed = partialDigest.hex
                    case .source:
                        hashed = try await hashSourcePrefix(count: check.length, in: sourceFS).hex
                    }
                } catch {
                    if error is CancellationError || Task.isCancelled || Self.isConnectionLoss(error) { throw error }
                }
                verdict = check.verdict(hashed: hashed)
            case .continue(let continuation):
                if continuation.cutsTheTail {
                    try await writer.truncate(to: continuation.prefix.length)
                }
                digest = partialDigest
                state.startedAt = continuation.startedAt
                state.prefix = continuation.prefix
                state.prefixKnown = true
                try await saveFreshRecord(state, writer: writer)
                return continuation.prefix.length
            }
        }
    }

    /// The record of the partial as this run starts writing it: this run as its writer, and
    /// the partial's identity (what a later run checks before taking it over).
    private func saveFreshRecord(_ state: FileTransferState, writer: any PartialWriter) async throws {
        // A partial created just now is still as it was created: no need to ask again.
        let identity = state.partialExisted ? try await writer.currentIdentity() : writer.identity
        state.partialIdentity = identity
        let record = state.record(
            source: source, destination: destinationAddress(state.finalPath), writer: runIdentity,
            partial: identity.whileWriting)
        try await store.save(record)
        state.recordSaved = true
    }

    /// The SHA-256 of the source's first `count` bytes, read as a transfer reads it.
    private func hashSourcePrefix(count: UInt64, in fileSystem: any FileSystem) async throws -> ContentDigest {
        let reader = try await fileSystem.openForReading(source.path)
        do {
            let digest = try await hashPrefix(
                count: count, chunkSize: reader.preferredChunkSize, path: source.path, in: fileSystem
            ) { offset, length in try await reader.read(at: offset, count: length) }
            _ = try? await uncancelled { try await reader.close() }
            return digest
        } catch {
            _ = try? await uncancelled { try await reader.close() }
            throw error
        }
    }

    /// The SHA-256 of the first `count` bytes of the open partial (`path` names it in
    /// errors), read with many requests in flight and hashed in order.
    func hashPrefix(of reader: any PartialWriter, path: String, count: UInt64, in fileSystem: any FileSystem) async throws
        -> ContentDigest
    {
        try await hashPrefix(count: count, chunkSize: reader.preferredChunkSize, path: path, in: fileSystem) { offset, length in
            try await reader.read(at: offset, count: length)
        }
    }

    /// The SHA-256 of the first `count` bytes `read` returns, with many reads in flight and
    /// the bytes hashed in order.
    private func hashPrefix(
        count: UInt64, chunkSize: Int, path: String, in fileSystem: any FileSystem,
        read: @escaping @Sendable (UInt64, Int) async throws -> [UInt8]
    ) async throws -> ContentDigest {
        var digest = ContentDigest()
        guard count > 0 else { return digest }
        do {
            let chunk = max(1, chunkSize > 0 ? chunkSize : tuning.fallbackChunkSize)
            let window = tuning.window(chunkSize: chunk)
            try await withThrowingTaskGroup(of: (UInt64, [UInt8]).self) { group in
                var nextRead: UInt64 = 0
                var inFlight = 0
                var buffered: [UInt64: [UInt8]] = [:]
                var nextHash: UInt64 = 0
                while true {
                    while inFlight < window && nextRead < count {
                        let offset = nextRead
                        let length = Int(min(UInt64(chunk), count - offset))
                        group.addTask { (offset, try await read(offset, length)) }
                        nextRead += UInt64(length)
                        inFlight += 1
                    }
                    guard let (offset, bytes) = try await group.next() else { break }
                    inFlight -= 1
                    guard !bytes.isEmpty else {
                        throw FileSystemError(.failure, location: fileSystem.location, path: path, detail: "ended early while its prefix was checked")
                    }
                    buffered[offset] = bytes
                    let end = offset + UInt64(bytes.count)
                    let chunkEnd = min((offset / UInt64(chunk) + 1) * UInt64(chunk), count)
                    if end < chunkEnd {
                        // A short read inside the prefix: ask for the rest of that chunk.
                        group.addTask { (end, try await read(end, Int(chunkEnd - end))) }
                        inFlight += 1
                    }
                    while let next = buffered.removeValue(forKey: nextHash) {
                        digest.update(next)
                        nextHash += UInt64(next.count)
                    }
                }
            }
        }
        return digest
    }
}
