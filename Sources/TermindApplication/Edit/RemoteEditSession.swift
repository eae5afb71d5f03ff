import TermindDomain

/// Editing a remote file (docs/behaviour.md §4), for `termind edit HOST:PATH` and the
/// browser's `e`: fetch a managed local copy (mode 0600, its own directory), open it in the
/// person's editor, and put it back only when its SHA-256 changed and the person agrees, and
/// only over the version that was opened.
///
/// The fetch goes through the transfer engine like any `termind cp`. Before the upload the
/// remote file is read again and its SHA-256 compared with the copy's as fetched: a file
/// changed meanwhile is never overwritten, whatever its size and mtime say (unless forced).
/// The upload is then a `TransferReplacement` through the engine (a partial beside the file,
/// the exact byte count and SHA-256, its kind, size, mtime, mode and SHA-256 checked again
/// just before the rename, its permission bits kept), or, when a rename would change the file's owner,
/// group or hard links (`EditWriteMethod`), the verified copy written over the file through
/// one handle. One edit of a file at a time on this machine (`EditCopyStore.lock`).
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
            return try await makeLockedCopy(of: address, opened: nil)
        }
        guard found.kind == .file else {
            let what = found.kind == .directory ? "a directory" : found.kind == .symlink ? "a symlink" : "not a regular file"
            throw RemoteEditError(.notAFile, address, "is \(what); only a regular file can be edited")
        }
        return try await makeLockedCopy(of: address, opened: FileVersion(found.attributes))
    }

    /// The copy, made while this edit holds the file's lock; the lock is let go if that fails.
    private func makeLockedCopy(of file: TransferAddress, opened: FileVersion?) async throws -> EditedFile {
        let lock = try copies.lock(file)
        do {
            return try await makeCopy(of: file, opened: opened, lock: lock)
        } catch {
            lock?.release()
            throw error
        }
    }

    /// The copy in a new directory of its own: fetched through the engine, or empty for a new
    /// file; then hashed. Nothing is left behind when this fails.
    private func makeCopy(of file: TransferAddress, opened: FileVersion?, lock: (any EditLock)?) async throws -> EditedFile {
        let directory = try copies.makeDirectory(for: file)
        let copy = RemotePath.join(directory, EditCopyName.file(remoteName: RemotePath.name(of: file.path)))
        lock?.note(copy: copy)
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
            return EditedFile(file: file, opened: opened, copy: copy, openedDigest: try await digest(of: copy), lock: lock)
        } catch {
            await discard(copy, in: directory)
            throw error
        }
    }

    /// Runs the editor on an opened copy, then uploads it as `consent` allows; the edit's lock
    /// is let go at the end.
    public func finish(_ edited: EditedFile, force: Bool = false, consent: UploadConsent) async -> RemoteEditReport {
        defer { edited.lock?.release() }
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
            return await upload(edited, editedDigest: editedDigest, force: force)
        case .upload:
            return await upload(edited, editedDigest: editedDigest, force: force)
        }
    }

    /// The copy back over the version opened, keeping its permission bits: refused when the
    /// remote file's content is no longer what was opened (unless `force`), else renamed over
    /// it or written in place as `EditWriteMethod` chooses.
    private func upload(_ edited: EditedFile, editedDigest: String, force: Bool) async -> RemoteEditReport {
        let method: EditWriteMethod
        do {
            if !force, let refusal = try await remoteChange(edited) { return kept(edited, .remoteChanged(refusal)) }
            method = try await writeMethod(for: edited)
        } catch {
            return kept(edited, .failed(TransferFailure(error), .failure))
        }
        guard case .inPlace(let reason) = method else { return await uploadByRename(edited, force: force) }
        do {
            let written = try await writeInPlace(edited, editedDigest: editedDigest, force: force)
            guard let bytes = written else { return kept(edited, .remoteChanged(contentRefusal(edited))) }
            await discard(edited.copy, in: edited.directory)
            return RemoteEditReport(
                edited: edited, outcome: .uploaded(bytes: bytes, sha256: editedDigest), keptCopy: nil, inPlace: reason)
        } catch let refusal as TransferError where refusal.kind == .destinationChanged {
            return kept(edited, .remoteChanged(refusal))
        } catch {
            return kept(edited, .failed(TransferFailure(error), .failure))
        }
    }

    /// Why the remote file may no longer be replaced: its kind, size, mtime or mode differ
    /// from the version opened, or they do not and its content does (SHA-256 against the
    /// copy's as fetched). Nil when it is still that version, or the edit creates it (the
    /// engine refuses a file that appeared meanwhile).
    private func remoteChange(_ edited: EditedFile) async throws -> TransferError? {
        guard edited.opened != nil else { return nil }
        let current = try await remote.fileSystem.lstatIfPresent(edited.file.path).map { FileVersion($0.attributes) }
        if let refusal = TransferReplacement(opened: edited.opened).refusal(at: edited.file, current: current) { return refusal }
        let reader = try await remote.fileSystem.openForReading(edited.file.path)
        let now = try await Self.digest(closing: { try? await reader.close() }) { offset, count in
            try await reader.read(at: offset, count: count)
        }
        return now == edited.openedDigest ? nil : contentRefusal(edited)
    }

    /// The refusal for a file whose size, mtime and mode are as opened but whose bytes are not.
    private func contentRefusal(_ edited: EditedFile) -> TransferError {
        TransferReplacement.contentRefusal(at: edited.file)
    }

    /// Rename over the file, unless that would change its owner, group or hard links: what the
    /// server lists for it (`ls -l`'s link count) and what a file made beside it gets.
    private func writeMethod(for edited: EditedFile) async throws -> EditWriteMethod {
        let fileSystem = remote.fileSystem
        guard edited.opened != nil, let current = try await fileSystem.lstatIfPresent(edited.file.path), current.kind == .file
        else { return .rename }
        let listed = try? await listedEntry(edited.file.path)
        let probe = await newFileAttributes(beside: edited.file.path)
        let newFile = try? probe.get()
        var noNewFile: String?
        if case .failure(let error) = probe, (error as? FileSystemError)?.kind != .permissionDenied {
            // Not knowing what a rename would leave, the file keeps what it is.
            let kind = (error as? FileSystemError)?.kind.rawValue ?? "failure"
            noNewFile = "a file made beside it, to learn the owner a rename would leave, could not be made or read (\(kind))"
        }
        return EditWriteMethod.choose(
            file: current.attributes, linkCount: listed?.listedLinkCount, owner: (listed?.listedOwner, listed?.listedGroup),
            newFile: newFile, noNewFile: noNewFile)
    }

    /// The entry for `path` in its directory's listing (the listing stops once it is found).
    private func listedEntry(_ path: String) async throws -> RemoteFile? {
        struct Found: Error { let file: RemoteFile }
        let name = RemotePath.name(of: path)
        do {
            try await remote.fileSystem.list(RemotePath.parent(of: path)) { part in
                if let file = part.first(where: { $0.name == name }) { throw Found(file: file) }
            }
        } catch let found as Found {
            return found.file
        }
        return nil
    }

    /// The owner and group a new file beside `path` gets (what a rename would leave the file
    /// with), from a probe created and removed at once; its name is random, so a file left or
    /// planted there never stands in its way. A failure means no rename (the caller says why).
    private func newFileAttributes(beside path: String) async -> Result<FileAttributes, any Error> {
        let fileSystem = remote.fileSystem
        var random = SystemRandomNumberGenerator()
        let hex = String(random.next() as UInt64, radix: 16)
        let probe = PartialFileName.path(for: path + ".owner-probe-" + String(repeating: "0", count: 16 - hex.count) + hex)
        let writer: any PartialWriter
        do {
            writer = try await fileSystem.createPartial(probe, permissions: 0o600)
        } catch {
            return .failure(error)
        }
        let attributes: Result<FileAttributes, any Error>
        do {
            attributes = .success(try await fileSystem.lstat(probe).attributes)
        } catch {
            attributes = .failure(error)
        }
        try? await writer.close()
        try? await fileSystem.remove(probe)
        return attributes
    }

    /// The copy written over the remote file through one handle: the content checked through
    /// that handle to be the version opened (unless `force`), the copy read whole and checked
    /// to be the one the editor left (`editedDigest`), every byte written from offset 0, and
    /// only then the file cut to the new length, so it is never empty or short meanwhile.
    /// Returns the bytes written, nil when the content changed.
    private func writeInPlace(_ edited: EditedFile, editedDigest: String, force: Bool) async throws -> UInt64? {
        let reader = try await local.fileSystem.openForReading(edited.copy)
        var bytes: [UInt8] = []
        let copied = try await Self.digest(closing: { try? await reader.close() }) { offset, count in
            let chunk = try await reader.read(at: offset, count: count)
            bytes += chunk
            return chunk
        }
        guard copied == editedDigest else {
            throw TransferError(
                .sourceChanged, TransferAddress(location: local.location, path: edited.copy),
                "changed while it was being uploaded; nothing was written")
        }
        let writer = try await remote.fileSystem.openInPlace(edited.file.path)
        // Once a write was sent the file may be neither version: a failure then says so.
        var writing = false
        do {
            if !force {
                let now = try await Self.digest(closing: {}) { offset, count in try await writer.read(at: offset, count: count) }
                guard now == edited.openedDigest else {
                    try? await writer.close()
                    return nil
                }
            }
            let chunk = max(writer.preferredChunkSize, 1)
            writing = true
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                try await writer.write(Array(bytes[start..<min(start + chunk, bytes.count)]), at: UInt64(start))
            }
            try await writer.truncate(to: UInt64(bytes.count))
            try await writer.synchronize()
            try await writer.close()
        } catch {
            try? await writer.close()
            guard writing else { throw error }
            throw InPlaceWriteFailure(file: edited.file, copy: edited.copy, cause: error)
        }
        return UInt64(bytes.count)
    }

    /// The copy renamed over the version opened, through the engine.
    private func uploadByRename(_ edited: EditedFile, force: Bool) async -> RemoteEditReport {
        let batch = TransferBatch(
            sources: [TransferEndpoint(local, edited.copy)], destination: TransferEndpoint(remote, edited.file.path),
            conflicts: .apply(.fail), permissions: edited.opened?.permissions ?? Self.newFilePermissions,
            replacement: TransferReplacement(opened: edited.opened, checked: !force, openedSHA256: edited.openedDigest))
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
        return try await Self.digest(closing: { try? await reader.close() }) { offset, count in
            try await reader.read(at: offset, count: max(reader.preferredChunkSize, count))
        }
    }

    /// The SHA-256 of what `read` gives from offset 0 to its end; `close` runs either way.
    private static func digest(
        closing close: () async -> Void, reading read: (UInt64, Int) async throws -> [UInt8]
    ) async throws -> String {
        var digest = ContentDigest()
        var offset: UInt64 = 0
        do {
            while true {
                let bytes = try await read(offset, 64 * 1024)
                if bytes.isEmpty { break }
                digest.update(bytes)
                offset += UInt64(bytes.count)
            }
        } catch {
            await close()
            throw error
        }
        await close()
        return digest.hex
    }

    /// Removes a copy and its directory (the edit is done with them); what cannot be removed
    /// stays in the cache, harmless.
    private func discard(_ copy: String, in directory: String) async {
        try? await local.fileSystem.remove(copy)
        try? await local.fileSystem.removeDirectory(directory)
    }
}
