import TermindDomain

extension TransferJob {
    /// Copies one regular file into `.NAME.termind-partial` beside its destination, checks the
    /// exact byte count and that the source did not change, makes the partial durable and
    /// applies the source's permission bits (`TransferModes`) and mtime (its seal), checks the
    /// partial is still the one this run owns, and commits by rename.
    /// The destination is claimed for the whole run and the partial created or taken over
    /// before anything is written (`claimPartial`); `state.finish()` lets both go.
    func transferFile(_ state: FileTransferState, from sourceFS: any FileSystem, to destinationFS: any FileSystem) async
        -> Result
    {
        do {
            let current = try await sourceFS.stat(source.path)
            guard current.kind == .file else {
                throw TransferError(.sourceChanged, source, "is no longer a regular file; run the copy again")
            }
            // Sizes come from the server: a missing or impossible one is said as such, never
            // taken for a file that changed.
            guard let size = current.attributes.size else {
                throw TransferError(
                    .unknownSize, source,
                    "the server did not say how big it is; a file is copied only when its size is known, so the copy can be checked")
            }
            if let impossible = TransferPlanner.impossibleSize(current, at: source) { throw impossible }
            state.sourceSize = size
            state.sourceModified = current.attributes.modified
            let replacing: Bool
            let placement: Placement = inNewDirectory
                ? .write(path: destination.path, replacing: false)
                : try await place(at: destination.path, source: current.attributes, kind: .file, in: destinationFS)
            switch placement {
            case .write(let path, let replace):
                state.finalPath = path
                replacing = replace
            case .skip(let reason):
                return Result(outcome: .skipped(reason), destination: destination.path, record: nil)
            case .fail(let error):
                return Result(outcome: .failed(TransferFailure(error)), destination: destination.path, record: nil)
            }
            try Task.checkCancellation()
            state.partialPath = PartialFileName.path(for: state.finalPath)
            var digest = ContentDigest()
            let start = try await claimPartial(state, digest: &digest, in: destinationFS, source: sourceFS)
            let total = state.sourceSize
            emit(.started(id, TransferStart(
                source: source, destination: destinationAddress(state.finalPath), totalBytes: total, resumingFrom: start)))

            var serverSide = false
            if sameSite, let remote = destinationFS as? any RemoteFileSystem, remote.serverExtensions["copy-data"] != nil {
                serverSide = try await copyOnServer(state, from: start, in: remote)
            }
            if !serverSide {
                try await relay(state, digest: &digest, from: start, source: sourceFS, destination: destinationFS)
            }
            guard let partialPath = state.partialPath, let writer = state.writer else { throw CancellationError() }

            // The exact byte count: everything hashed was acknowledged, and the partial holds
            // exactly that many bytes.
            if !serverSide {
                guard digest.byteCount == total, state.prefix.length == total else {
                    throw TransferError(
                        .sizeMismatch, destinationAddress(partialPath),
                        "only \(state.prefix.length) of \(total) bytes were verified as written")
                }
            }
            let after = try await sourceFS.stat(source.path)
            guard after.attributes.size == total, after.attributes.modified == state.sourceModified else {
                throw TransferError(
                    .sourceChanged, source, "changed while it was being copied (size or modification time)")
            }
            var attributes = FileAttributes(mode: modes.filePermissions(of: current.attributes))
            if let modified = current.attributes.modified {
                attributes.modified = modified
                attributes.accessed = current.attributes.accessed ?? modified
            }
            let named = try await writer.seal(setting: attributes.mode != nil || attributes.modified != nil ? attributes : nil)
            try await checkStillOwned(state, named: named, total: total)
            let recordAddress = destinationAddress(state.finalPath)
            let committed = try await commit(state, replacing: replacing, source: current.attributes, in: destinationFS)
            let store = store
            _ = try? await uncancelled { try await store.remove(destination: recordAddress) }
            guard let committed else {
                return Result(outcome: .skipped(.destinationExists), destination: state.finalPath, record: nil)
            }
            let completion = TransferCompletion(
                bytes: total, sha256: serverSide ? nil : digest.hex, bytesSent: state.bytesSent,
                resumedFrom: start, serverSideCopy: serverSide)
            return Result(outcome: .completed(completion), destination: committed, record: nil)
        } catch {
            return await stopped(error, state, in: destinationFS)
        }
    }

    /// Just before the rename: the name still holds the very file this run writes (`named`, a
    /// regular file, the same as the open one, as the partial's seal saw it), with exactly
    /// `total` bytes, and the record still names this run as its writer. Anything else means
    /// another writer got in, or the destination kept other than what was sent: nothing is
    /// committed.
    func checkStillOwned(_ state: FileTransferState, named: FileIdentity?, total: UInt64) async throws {
        guard let partialPath = state.partialPath else { throw CancellationError() }
        guard let named else {
            throw TransferError(
                .notAPartial, destinationAddress(partialPath),
                "is no longer the file this transfer wrote (another writer replaced or changed it); nothing was committed")
        }
        guard named.size == total else {
            throw TransferError(
                .sizeMismatch, destinationAddress(partialPath), "holds \(named.size ?? 0) bytes where \(total) were sent")
        }
        let store = store
        let recordAddress = destinationAddress(state.finalPath)
        if let record = try? await store.load(destination: recordAddress), record.writer != runIdentity {
            throw TransferError(
                .destinationBusy, destinationAddress(state.finalPath),
                "another transfer took over its partial \(partialPath) (its record names another run); nothing was committed")
        }
    }

    /// Where a new file or symlink goes when something may already be there.
    enum Placement {
        case write(path: String, replacing: Bool)
        case skip(TransferSkipReason)
        case fail(any Error)
    }

    /// Settles what is at `path`: nothing (write it), or a conflict under the Batch's policy.
    /// Resuming, a destination file with the source's size and mtime counts as already done.
    func place(at path: String, source attributes: FileAttributes, kind: FileKind, in fileSystem: any FileSystem) async throws
        -> Placement
    {
        if let replacement, kind == .file { return try await placeReplacing(replacement, at: path, in: fileSystem) }
        guard let existing = try await fileSystem.lstatIfPresent(path) else { return .write(path: path, replacing: false) }
        if resume, kind == .file, existing.kind == .file, attributes.modified != nil,
            existing.attributes.size == attributes.size, existing.attributes.modified == attributes.modified
        {
            return .skip(.alreadyTransferred)
        }
        let conflict = TransferConflict(
            source: source, sourceAttributes: attributes, destination: destinationAddress(path), existing: existing.attributes)
        switch try await conflicts.decide(conflict) {
        case .skip:
            return .skip(.destinationExists)
        case .fail:
            return .fail(TransferError(
                .destinationExists, destinationAddress(path),
                "already exists; choose to overwrite it, skip it or keep both (--on-conflict overwrite|skip|keep-both)"))
        case .overwrite:
            guard existing.kind != .directory else {
                return .fail(TransferError(
                    .directoryInTheWay, destinationAddress(path),
                    "a directory is where the \(kind == .symlink ? "symlink" : "file") would go; move it away, or keep both"))
            }
            return .write(path: path, replacing: true)
        case .keepBoth:
            let name = try await KeepBothName.firstFree(for: RemotePath.name(of: path)) { candidate in
                try await fileSystem.lstatIfPresent(RemotePath.sibling(of: path, named: candidate)) != nil
            }
            return .write(path: RemotePath.sibling(of: path, named: name), replacing: false)
        }
    }

    /// An edit's upload: the destination must still be the version opened (or, unchecked,
    /// anything but a directory); then it is replaced, with no conflict to ask about.
    private func placeReplacing(_ replacement: TransferReplacement, at path: String, in fileSystem: any FileSystem) async throws
        -> Placement
    {
        do {
            let existing = try await checkReplaced(replacement, at: path, in: fileSystem)
            if existing?.kind == .directory {
                return .fail(TransferError(
                    .directoryInTheWay, destinationAddress(path), "a directory is where the file would go; nothing was written"))
            }
            return .write(path: path, replacing: existing != nil)
        } catch let error as TransferError {
            return .fail(error)
        }
    }

    /// What is at `path` now (nil: nothing), after checking the edit may replace it.
    private func checkReplaced(_ replacement: TransferReplacement, at path: String, in fileSystem: any FileSystem) async throws
        -> FileVersion?
    {
        let current = try await fileSystem.lstatIfPresent(path).map { FileVersion($0.attributes) }
        if let refusal = replacement.refusal(at: destinationAddress(path), current: current) { throw refusal }
        return current
    }

    /// The SHA-256 of the file at `path`, read from offset 0 to its end.
    private func contentDigest(of path: String, in fileSystem: any FileSystem) async throws -> String {
        let reader = try await fileSystem.openForReading(path)
        var digest = ContentDigest()
        var offset: UInt64 = 0
        do {
            while true {
                let bytes = try await reader.read(at: offset, count: max(reader.preferredChunkSize, 64 * 1024))
                if bytes.isEmpty { break }
                digest.update(bytes)
                offset += UInt64(bytes.count)
            }
        } catch {
            try? await reader.close()
            throw error
        }
        try? await reader.close()
        return digest.hex
    }

    /// Renames the partial onto its destination: over it when overwriting (atomic
    /// `posix-rename`, the original never unlinked first), else only if the name is still
    /// free. A destination that appeared meanwhile is a conflict settled again. Nil when that
    /// settles on skipping (the partial is then removed).
    func commit(_ state: FileTransferState, replacing: Bool, source attributes: FileAttributes, in fileSystem: any FileSystem)
        async throws -> String?
    {
        guard let partialPath = state.partialPath else { throw CancellationError() }
        var target = state.finalPath
        var replace = replacing
        while true {
            do {
                if let replacement, entry.kind == .file {
                    // Just before the rename: the version opened is still the one replaced,
                    // by its content too (a change written while the partial was uploading).
                    replace = try await checkReplaced(replacement, at: target, in: fileSystem) != nil
                    if replace, replacement.checked, let opened = replacement.openedSHA256,
                        try await contentDigest(of: target, in: fileSystem) != opened
                    {
                        throw TransferReplacement.contentRefusal(at: destinationAddress(target))
                    }
                }
                try await fileSystem.rename(partialPath, to: target, replacing: replace)
                state.finalPath = target
                // Closed only now: the lock on the partial is held until it has its final name.
                state.ownsPartial = false
                await state.closeHandles()
                return target
            } catch let error as FileSystemError where error.kind == .alreadyExists && !replace {
                switch try await place(at: target, source: attributes, kind: entry.kind, in: fileSystem) {
                case .write(let path, let newReplace):
                    target = path
                    replace = newReplace
                case .skip:
                    try? await fileSystem.remove(partialPath)
                    state.partialPath = nil
                    state.ownsPartial = false
                    await state.closeHandles()
                    return nil
                case .fail(let failure):
                    throw failure
                }
            }
        }
    }
}
