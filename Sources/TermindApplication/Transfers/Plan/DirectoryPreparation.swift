import TermindDomain

/// Makes a Batch's directories ready at the destination, each before any file is written in
/// it, as the walk hands them over: where an entry goes follows from its directory, and each
/// directory is created (or merged into), so its files can then be written in parallel. A
/// directory is created with its owner able to write into it; its own mode and mtime are
/// applied when its tree settles. What is already at a directory's name is looked at without
/// following it (`lstat`): a directory there is merged into; a file, or a symlink (which is
/// never followed, wherever it leads), is a conflict; a directory that fails or is skipped
/// takes its whole tree with it.
struct DirectoryPreparation: Sendable {
    let destination: TransferSite
    let conflicts: ConflictDecisions
    let modes: TransferModes
    /// The directory the person chose (`TransferPlanner.Start.destinationRoot`): a tree merged
    /// into it as a whole (`cp -r . web:/srv/www`) follows it if it is a symlink.
    let root: String?

    /// What an entry gets from the directory it sits in.
    enum Inheritance {
        /// It goes at this path.
        case path(String)
        /// Its directory failed, was skipped or cancelled, so it is too.
        case outcome(TransferOutcome)
        /// Its directory is not ready (interrupted before it): it waits for a resume.
        case notReady
    }

    /// Where an entry named `name` goes, or what it becomes, given its directory's state.
    func inheritance(name: String, parentOutcome: TransferOutcome, parentPath: String?) -> Inheritance {
        guard let parentPath else { return .notReady }
        switch parentOutcome {
        case .failed:
            return .outcome(.failed(TransferFailure(TransferError(
                .parentNotCreated, address(RemotePath.join(parentPath, name)),
                "not copied: its directory \(parentPath) could not be made ready"))))
        case .skipped:
            return .outcome(.skipped(.directorySkipped))
        case .cancelled:
            return .outcome(.cancelled(notRemoved: []))
        case .directory:
            return .path(RemotePath.join(parentPath, name))
        default:
            return .notReady
        }
    }

    /// Creates (or merges into) the directory `entry` at `path`: where it went (keep-both may
    /// pick another name) and its outcome.
    func prepare(_ entry: TransferPlan.Entry, from source: TransferAddress, at path: String) async throws -> (String, TransferOutcome) {
        let fileSystem = destination.fileSystem
        // Special bits, if kept at all, come with the final attributes.
        let permissions = ((modes.permissions(of: entry.attributes) ?? 0o755) & 0o777) | 0o700
        let found = path == root ? try await fileSystem.statIfPresent(path) : try await fileSystem.lstatIfPresent(path)
        guard let existing = found else {
            return try await make(path, permissions: permissions, in: fileSystem)
        }
        if existing.kind == .directory { return (path, .directory(created: false)) }
        let conflict = TransferConflict(
            source: source,
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
