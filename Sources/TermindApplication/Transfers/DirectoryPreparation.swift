import TermindDomain

/// The directory phase of a Batch, before any file moves: resolves where every entry goes and
/// creates (or merges into) each directory in plan order, so files can then be written in
/// parallel. A directory is created with its owner able to write into it; its own mode and
/// mtime are applied when its tree settles (`finalAttributes`). What is already at a
/// directory's name is looked at without following it (`lstat`): a directory there is merged
/// into; a file, or a symlink (which is never followed, wherever it leads), is a conflict; a
/// directory that fails or is skipped takes its whole tree with it.
struct DirectoryPreparation: Sendable {
    let plan: TransferPlan
    /// Each entry's source location.
    let sourceLocations: [String]
    let destination: TransferSite
    let conflicts: ConflictDecisions
    let modes: TransferModes
    /// The directory the person chose (`TransferPlanner.Result.destinationRoot`): a tree merged
    /// into it as a whole (`cp -r . web:/srv/www`) follows it if it is a symlink.
    let root: String?

    struct Result: Sendable {
        var destinations: [String?]
        var outcomes: [TransferOutcome]
    }

    /// - Parameters:
    ///   - outcomes: each entry's outcome so far (`.pending` for entries still to do).
    ///   - destinations: destinations already known (an earlier run of this phase, a file
    ///     placed under another name); kept.
    /// Stops early, leaving the rest pending, when its task is cancelled.
    func run(outcomes: [TransferOutcome], destinations: [String?]) async -> Result {
        var result = Result(destinations: destinations, outcomes: outcomes)
        let fileSystem = destination.fileSystem
        for (index, entry) in plan.entries.enumerated() {
            let pending: Bool
            if case .pending = result.outcomes[index] { pending = true } else { pending = false }
            if let parent = entry.parent {
                guard let parentPath = result.destinations[parent] else { continue }
                switch result.outcomes[parent] {
                case .failed:
                    if pending {
                        result.outcomes[index] = .failed(TransferFailure(TransferError(
                            .parentNotCreated, address(RemotePath.join(parentPath, entry.destinationName)),
                            "not copied: its directory \(parentPath) could not be made ready")))
                    }
                    continue
                case .skipped:
                    if pending { result.outcomes[index] = .skipped(.directorySkipped) }
                    continue
                case .cancelled:
                    if pending { result.outcomes[index] = .cancelled(notRemoved: []) }
                    continue
                case .directory:
                    if result.destinations[index] == nil {
                        result.destinations[index] = RemotePath.join(parentPath, entry.destinationName)
                    }
                default:
                    continue  // not made ready (interrupted before it)
                }
            } else if result.destinations[index] == nil {
                result.destinations[index] = entry.destinationName
            }
            guard entry.kind == .directory, pending else { continue }
            if Task.isCancelled { break }
            guard let path = result.destinations[index] else { continue }
            do {
                let (placed, outcome) = try await prepare(index, at: path, in: fileSystem)
                result.destinations[index] = placed
                result.outcomes[index] = outcome
            } catch is CancellationError {
                break
            } catch {
                result.outcomes[index] = .failed(TransferFailure(error))
            }
        }
        return result
    }

    private func prepare(_ index: Int, at path: String, in fileSystem: any FileSystem) async throws -> (String, TransferOutcome) {
        let entry = plan.entries[index]
        // Special bits, if kept at all, come with the final attributes.
        let permissions = ((modes.permissions(of: entry.attributes) ?? 0o755) & 0o777) | 0o700
        let found = path == root ? try await fileSystem.statIfPresent(path) : try await fileSystem.lstatIfPresent(path)
        guard let existing = found else {
            return try await make(path, permissions: permissions, in: fileSystem)
        }
        if existing.kind == .directory { return (path, .directory(created: false)) }
        let conflict = TransferConflict(
            source: TransferAddress(location: sourceLocations[index], path: entry.sourcePath),
            sourceAttributes: entry.attributes, destination: address(path), existing: existing.attributes)
        switch try await conflicts.decide(conflict) {
        case .skip:
            return (path, .skipped(.destinationExists))
        case .keepBoth:
            let name = try await KeepBothName.firstFree(for: RemotePath.name(of: path)) { candidate in
                try await fileSystem.lstatIfPresent(RemotePath.sibling(of: path, named: candidate)) != nil
            }
            return try await make(RemotePath.sibling(of: path, named: name), permissions: permissions, in: fileSystem)
        case .overwrite, .fail:
            // Never replaced, never followed: a symlink here may lead anywhere.
            if existing.kind == .symlink {
                return (path, .failed(TransferFailure(TransferError(
                    .symlinkInTheWay, address(path),
                    "is a symbolic link where the directory \(RemotePath.name(of: path)) would go; it is never followed: move it away, or keep both (--on-conflict keep-both)"))))
            }
            return (path, .failed(TransferFailure(TransferError(
                .fileInTheWay, address(path),
                "a file is where the directory would go; move it away, or keep both (--on-conflict keep-both)"))))
        }
    }

    private func make(_ path: String, permissions: UInt32, in fileSystem: any FileSystem) async throws -> (String, TransferOutcome) {
        do {
            try await fileSystem.makeDirectory(path, permissions: permissions)
            return (path, .directory(created: true))
        } catch let error as FileSystemError where error.kind == .alreadyExists {
            // Made by someone else meanwhile: merge into it if it is a directory.
            guard try await fileSystem.lstat(path).kind == .directory else { throw error }
            return (path, .directory(created: false))
        }
    }

    private func address(_ path: String) -> TransferAddress {
        TransferAddress(location: destination.location, path: path)
    }
}
