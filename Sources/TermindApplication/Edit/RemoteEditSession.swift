import TermindDomain

/// Editing a remote file (docs/behaviour.md §4), for `termind edit HOST:PATH` and the
/// browser's `e`: fetch a managed local copy (mode 0600, its own directory), open it in the
/// person's editor, and put it back only when its SHA-256 changed and the person agrees, and
/// only over the version that was opened.
///
/// Both copies go through the transfer engine like any `termind cp`: a partial beside the
/// destination, the exact byte count and SHA-256, the rename. The upload is a
/// `TransferReplacement`: the remote file's kind, size, mtime and mode are checked before
/// anything is written and again just before the rename, and it keeps its permission bits.
/// Whatever stops an edit after the editor ran keeps the local copy, and the report names it.
public struct RemoteEditSession: Sendable {
    /// The server's file system.
    public let remote: TransferSite
    /// This machine's.
    public let local: TransferSite
    public let copies: any EditCopyStore
    public let editor: any FileEditor
    public let engine: TransferEngine

    /// The bits a new file gets (`--create`): the server has no umask to ask for over SFTP v3.
    public static let newFilePermissions: UInt32 = 0o644

    public init(remote: TransferSite, local: TransferSite, copies: any EditCopyStore, editor: any FileEditor, engine: TransferEngine) {
        self.remote = remote
        self.local = local
        self.copies = copies
        self.editor = editor
        self.engine = engine
    }

    /// Opens `path`, runs the editor, and uploads as `consent` allows.
    /// - Parameters:
    ///   - create: a missing file is created (from an empty copy) instead of refused.
    ///   - force: upload over whatever version is there now (never over a directory).
    /// - Throws: what stopped the edit before the editor ran (a missing path, a directory, a
    ///   connection or cache failure); nothing is kept then.
    public func run(_ path: String, create: Bool = false, force: Bool = false, consent: UploadConsent) async throws
        -> RemoteEditReport
    {
        let edited = try await open(path, create: create)
        return await finish(edited, force: force, consent: consent)
    }

    /// Resolves the remote file and fetches its copy.
    public func open(_ path: String, create: Bool) async throws -> EditedFile {
        let fileSystem = remote.fileSystem
        var target = path
        var found = try await fileSystem.lstatIfPresent(path)
        if found?.kind == .symlink {
            // The link stays a link: its target is what is edited and replaced.
            target = try await fileSystem.realpath(path)
            found = try await fileSystem.lstatIfPresent(target)
        }
        let address = TransferAddress(location: remote.location, path: target)
        guard let found else {
            guard create else { throw RemoteEditError(.missing, address, "does not exist; nothing was created") }
            return try await makeCopy(of: address, opened: nil)
        }
        guard found.kind == .file else {
            let what = found.kind == .directory ? "a directory" : found.kind == .symlink ? "a symlink" : "not a regular file"
            throw RemoteEditError(.notAFile, address, "is \(what); only a regular file can be edited")
        }
        return try await makeCopy(of: address, opened: FileVersion(found.attributes))
    }

    /// The copy in a new directory of its own: fetched through the engine, or empty for a new
    /// file; then hashed. Nothing is left behind when this fails.
    private func makeCopy(of file: TransferAddress, opened: FileVersion?) async throws -> EditedFile {
        let directory = try copies.makeDirectory(for: file)
        let copy = RemotePath.join(directory, EditCopyName.file(remoteName: RemotePath.name(of: file.path)))
        do {
            if let opened {
                let batch = TransferBatch(
                    sources: [TransferEndpoint(remote, file.path)], destination: TransferEndpoint(local, copy),
                    conflicts: .apply(.fail), permissions: 0o600)
                let report = await engine.run(batch)
                guard case .completed? = report.files.first?.outcome else { throw Self.failure(of: report).error }
                let now = try await remote.fileSystem.lstatIfPresent(file.path).map { FileVersion($0.attributes) }
                guard now == opened else {
                    throw RemoteEditError(
                        .changedWhileOpening, file,
                        "changed while its copy was fetched (then \(opened); now \(now.map(\.description) ?? "gone")); try again")
                }
            } else {
                try await local.fileSystem.openForWriting(copy, .createNew, permissions: 0o600).close()
            }
            return EditedFile(file: file, opened: opened, copy: copy, openedDigest: try await digest(of: copy))
        } catch {
            await discard(copy, in: directory)
            throw error
        }
    }

    /// Runs the editor on an opened copy, then uploads it as `consent` allows.
    public func finish(_ edited: EditedFile, force: Bool = false, consent: UploadConsent) async -> RemoteEditReport {
        var editorFailure: EditorFailure?
        do {
            try await editor.edit(edited.copy)
        } catch let failure as EditorFailure {
            editorFailure = failure
        } catch {
            editorFailure = EditorFailure(command: "", detail: "failed: \(error)")
        }
        let editedDigest: String
        do {
            editedDigest = try await digest(of: edited.copy)
        } catch {
            return kept(edited, .failed(TransferFailure(error), .failure))
        }
        let decision = EditDecision.after(openedDigest: edited.openedDigest, editedDigest: editedDigest, consent: consent)
        if let editorFailure {
            // Nothing goes back after a failed editor; a changed copy is kept.
            if decision == .nothingToUpload {
                await discard(edited.copy, in: edited.directory)
                return RemoteEditReport(edited: edited, outcome: .editorFailed(editorFailure), keptCopy: nil)
            }
            return kept(edited, .editorFailed(editorFailure))
        }
        switch decision {
        case .nothingToUpload:
            await discard(edited.copy, in: edited.directory)
            return RemoteEditReport(edited: edited, outcome: .unchanged, keptCopy: nil)
        case .keepCopy(let required):
            return kept(edited, .consentRequired(required))
        case .ask:
            guard case .ask(let question) = consent, (try? await question(edited)) == true else { return kept(edited, .declined) }
            return await upload(edited, force: force)
        case .upload:
            return await upload(edited, force: force)
        }
    }

    /// The copy back over the version opened, keeping its permission bits.
    private func upload(_ edited: EditedFile, force: Bool) async -> RemoteEditReport {
        let batch = TransferBatch(
            sources: [TransferEndpoint(local, edited.copy)], destination: TransferEndpoint(remote, edited.file.path),
            conflicts: .apply(.fail), permissions: edited.opened?.permissions ?? Self.newFilePermissions,
            replacement: TransferReplacement(opened: edited.opened, checked: !force))
        let report = await engine.run(batch)
        switch report.files.first?.outcome {
        case .completed(let completion)?:
            await discard(edited.copy, in: edited.directory)
            return RemoteEditReport(edited: edited, outcome: .uploaded(bytes: completion.bytes, sha256: completion.sha256), keptCopy: nil)
        case .failed(let failure)? where (failure.error as? TransferError)?.kind == .destinationChanged:
            return kept(edited, .remoteChanged(failure.error as! TransferError))
        default:
            return kept(edited, .failed(Self.failure(of: report), report.exitCode))
        }
    }

    private func kept(_ edited: EditedFile, _ outcome: RemoteEditOutcome) -> RemoteEditReport {
        RemoteEditReport(edited: edited, outcome: outcome, keptCopy: edited.copy)
    }

    /// Why a one-file Batch did not complete, as an error to show.
    private static func failure(of report: TransferBatchReport) -> TransferFailure {
        if let failure = report.failure { return failure }
        switch report.files.first?.outcome {
        case .failed(let failure)?: return failure
        case .paused(let pause)?: return TransferFailure(pause.cause ?? CancellationError(), partial: pause.partial)
        default: return TransferFailure(CancellationError())  // a one-file Batch that neither completed nor failed was stopped
        }
    }

    /// The SHA-256 of the local copy, read through the local file system.
    private func digest(of path: String) async throws -> String {
        let reader = try await local.fileSystem.openForReading(path)
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

    /// Removes a copy and its directory (the edit is done with them); what cannot be removed
    /// stays in the cache, harmless.
    private func discard(_ copy: String, in directory: String) async {
        try? await local.fileSystem.remove(copy)
        try? await local.fileSystem.removeDirectory(directory)
    }
}
