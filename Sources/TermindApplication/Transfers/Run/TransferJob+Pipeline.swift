import TermindDomain

extension TransferJob {
    private enum Step: Sendable {
        case read(offset: UInt64, requested: Int, bytes: [UInt8])
        case wrote(offset: UInt64, count: Int)
        /// A partial record saved (or not: the transfer goes on, only a later resume loses this point).
        case recorded(saved: Bool)
        /// A flush through the upload's helper ended (`FlushAhead`).
        case flushed
    }

    /// Reads the source and writes the partial from `start`, many requests in flight both
    /// ways: reads complete in any order, are hashed in source order, then written; the
    /// verified prefix follows the writes acknowledged. Memory holds at most the window's
    /// chunks (a chunk counts from its read until its write is acknowledged). The record is
    /// saved every `recordEveryBytes` or `recordEvery`.
    ///
    /// A big file gets helper connections when extras can be had at once: a download reads
    /// through one too (`StripedFileReader`), an upload flushes its partial through one
    /// (`FlushAhead`).
    func relay(
        _ state: FileTransferState, digest: inout ContentDigest, from start: UInt64,
        source sourceFS: any FileSystem, destination destinationFS: any FileSystem
    ) async throws {
        guard let writer = state.writer, let partialPath = state.partialPath else { throw CancellationError() }
        let total = state.sourceSize
        state.wroteToPartial = true
        if start < total {
            let reader = StripedFileReader(try await sourceFS.openForReading(source.path))
            state.reader = reader
            let striped = StripedFileWriter(writer)
            let big = total - start >= tuning.helperFromBytes
            let upload = big && destinationFS is any RemoteFileSystem
            let flushAhead = upload ? FlushAhead() : nil
            // Helpers are recruited one after the other: extras open one at a time.
            let readerHelper = big && sourceFS is any RemoteFileSystem ? recruitReader(for: reader, state) : nil
            let writerHelper = upload ? recruitWriter(for: striped, of: partialPath, state, after: readerHelper) : nil
            let flushHelper = flushAhead.map { recruitFlusher(for: $0, of: partialPath, after: writerHelper) }
            let recruiting = [readerHelper, writerHelper, flushHelper].compactMap { $0 }
            do {
                try await pump(state, digest: &digest, from: start, reader: reader, writer: striped, flushAhead: flushAhead)
            } catch {
                await Self.dismiss(recruiting, flushAhead, striped)
                throw error
            }
            await Self.dismiss(recruiting, flushAhead, striped)
            state.reader = nil
            try await reader.close()
        } else {
            reportProgress(state)
        }
    }

    /// Stops the helpers still being recruited and gives the upload's helpers back (a
    /// download's reading helpers go with the reader's close).
    private static func dismiss(_ recruiting: [Task<Void, Never>], _ flushAhead: FlushAhead?, _ striped: StripedFileWriter) async {
        for task in recruiting { task.cancel() }
        for task in recruiting { await task.value }
        await flushAhead?.close()
        try? await striped.close()
    }

    /// Has a helper connection join `reader` when an extra one can be had at once, and only
    /// while the file still has the size and mtime this run started from.
    private func recruitReader(for reader: StripedFileReader, _ state: FileTransferState) -> Task<Void, Never> {
        let path = source.path
        let (size, modified) = (state.sourceSize, state.sourceModified)
        return Self.recruitHelper(
            from: sourceConnections,
            open: { fileSystem in
                let helper = try await fileSystem.openForReading(path)
                let seen = try await fileSystem.stat(path)
                guard seen.attributes.size == size, seen.attributes.modified == modified else {
                    try? await helper.close()
                    return nil
                }
                return helper
            },
            close: { try? await $0.close() },
            join: { reader.join($0, release: $1) })
    }

    /// Has a helper connection write the upload's partial beside its writer, once it proved it
    /// opened that very file: the partial gets a random access time first, which the helper's
    /// open file must have, with the partial's owner (`RemoteFileSystem.openToWriteBeside`).
    /// The final attributes replace that time before the rename.
    private func recruitWriter(
        for striped: StripedFileWriter, of partialPath: String, _ state: FileTransferState, after earlier: Task<Void, Never>?
    ) -> Task<Void, Never> {
        guard let writer = state.writer, let owner = state.partialIdentity?.userID else { return Task { await earlier?.value } }
        return Self.recruitHelper(
            from: destinationConnections, after: earlier,
            open: { fileSystem in
                guard let remote = fileSystem as? any RemoteFileSystem else { return nil }
                let stamp = Int64.random(in: 1_000_000_000..<1_500_000_000)
                try await writer.setAttributes(FileAttributes(accessed: stamp, modified: stamp))
                do {
                    return try await remote.openToWriteBeside(partialPath, accessed: stamp, owner: owner)
                } catch let error as FileSystemError where error.kind == .unexpectedFile {
                    return nil
                }
            },
            close: { try? await $0.close() },
            join: { striped.join($0, release: $1) })
    }

    /// Has a helper connection hold the upload's partial open to flush it (`FlushAhead`).
    private func recruitFlusher(for flushAhead: FlushAhead, of partialPath: String, after earlier: Task<Void, Never>?) -> Task<Void, Never> {
        Self.recruitHelper(
            from: destinationConnections, after: earlier,
            open: { fileSystem in try await (fileSystem as? any RemoteFileSystem)?.openForFlushing(partialPath) },
            close: { try? await $0.close() },
            join: { flushAhead.join($0, release: $1) })
    }

    /// Once `earlier` is done, takes an extra connection from `connections` if one can be had
    /// at once, opens what the helper needs on it and hands that to `join`, which keeps the
    /// connection's release. The connection goes back at once when nothing opened or `join`
    /// refused.
    private static func recruitHelper<Opened: Sendable>(
        from connections: TransferConnections, after earlier: Task<Void, Never>? = nil,
        open: @escaping @Sendable (any FileSystem) async throws -> Opened?,
        close: @escaping @Sendable (Opened) async -> Void,
        join: @escaping @Sendable (Opened, _ release: @escaping @Sendable (_ broken: Bool) async -> Void) -> Bool
    ) -> Task<Void, Never> {
        Task {
            await earlier?.value
            guard !Task.isCancelled, let lease = await connections.helper() else { return }
            let release: @Sendable (Bool) async -> Void = { broken in await connections.release(lease, broken: broken) }
            let opened: Opened?
            do {
                opened = try await open(lease.fileSystem)
            } catch {
                await release(!Task.isCancelled && isConnectionLoss(error))
                return
            }
            guard let opened else {
                await release(false)
                return
            }
            if !join(opened, release) {
                await close(opened)
                await release(false)
            }
        }
    }

    private func pump(
        _ state: FileTransferState, digest: inout ContentDigest, from start: UInt64, reader: any FileReader,
        writer: any FileWriter, flushAhead: FlushAhead?
    ) async throws {
        let total = state.sourceSize
        let preferred = [reader.preferredChunkSize, writer.preferredChunkSize].filter { $0 > 0 }.min()
        let chunk = preferred ?? tuning.fallbackChunkSize
        let window = tuning.window(chunkSize: chunk)
        let clock = ContinuousClock()
        let began = clock.now
        var lastProgress = began
        var lastRecord = began
        var recordedLength = state.prefix.length
        let sourceAddress = source

        try await withThrowingTaskGroup(of: Step.self) { group in
            var nextRead = start
            var inFlight = 0
            var buffered: [UInt64: [UInt8]] = [:]
            var nextHash = start
            var dataEnded: UInt64?
            // One record save at a time, beside the reads and writes: a save's fsync must not
            // hold up the pipeline (on a busy disk it takes tens of milliseconds).
            var recording = false
            // One flush through the upload's helper at a time, every `flushAheadEveryBytes`.
            var flushing = false
            var flushedThrough = start
            // After the first failure nothing new is issued, but the requests in flight are
            // drained: writes that land still count towards the verified prefix.
            var failure: (any Error)?
            while true {
                while failure == nil && inFlight < window && nextRead < total {
                    let offset = nextRead
                    let length = Int(min(UInt64(chunk), total - offset))
                    group.addTask { .read(offset: offset, requested: length, bytes: try await reader.read(at: offset, count: length)) }
                    nextRead += UInt64(length)
                    inFlight += 1
                }
                guard let result = await group.nextResult() else { break }
                let step: Step
                switch result {
                case .failure(let error):
                    if failure == nil { failure = error }
                    continue
                case .success(let value):
                    step = value
                }
                switch step {
                case .read(let offset, let requested, let bytes):
                    if bytes.count < requested {
                        // A reader returns fewer bytes only where the data ends (`FileReader`'s
                        // contract; the SFTP reader asks again after a server's short answer).
                        // Reads come back in any order: the data ended at the lowest such point.
                        dataEnded = min(dataEnded ?? .max, offset + UInt64(bytes.count))
                        if failure == nil || failure is ShortSource { failure = ShortSource() }
                    }
                    // After a failure, whole reads still in flight are kept too: those that
                    // continue the hashed prefix are written, so the partial kept for
                    // `--resume` holds every contiguous chunk already read.
                    guard failure == nil || bytes.count == requested else { continue }
                    buffered[offset] = bytes
                    while let next = buffered.removeValue(forKey: nextHash) {
                        digest.update(next)
                        let offset = nextHash
                        nextHash += UInt64(next.count)
                        state.prefix.hashed(through: nextHash, sha256: digest.hex)
                        group.addTask {
                            try await writer.write(next, at: offset)
                            return .wrote(offset: offset, count: next.count)
                        }
                    }
                case .wrote(let offset, let count):
                    inFlight -= 1
                    state.prefix.acknowledged(from: offset, count: UInt64(count))
                    state.bytesSent += UInt64(count)
                    guard failure == nil else { continue }
                    if let flushAhead, !flushing, state.prefix.length - flushedThrough >= tuning.flushAheadEveryBytes {
                        flushing = true
                        flushedThrough = state.prefix.length
                        group.addTask {
                            _ = await flushAhead.flush()
                            return .flushed
                        }
                    }
                    let now = clock.now
                    if now - lastProgress >= tuning.progressEvery {
                        lastProgress = now
                        reportProgress(state, began: began, now: now)
                    }
                    if !recording, state.prefix.length - recordedLength >= tuning.recordEveryBytes
                        || (now - lastRecord >= tuning.recordEvery && state.prefix.length > recordedLength)
                    {
                        lastRecord = now
                        recordedLength = state.prefix.length
                        recording = true
                        let record = state.record(
                            source: source, destination: destinationAddress(state.finalPath), writer: runIdentity,
                            partial: state.partialIdentity?.whileWriting)
                        group.addTask { [store] in
                            do {
                                try await store.save(record)
                                return .recorded(saved: true)
                            } catch {
                                return .recorded(saved: false)
                            }
                        }
                    }
                case .recorded(let saved):
                    recording = false
                    if saved { state.recordSaved = true }
                case .flushed:
                    flushing = false
                }
            }
            if let dataEnded, failure is ShortSource {
                throw TransferError(
                    .sourceChanged, sourceAddress,
                    "ended at \(dataEnded) bytes where \(total) were expected: it changed while being copied, "
                        + "or the server reported a size it does not hold")
            }
            if let failure { throw failure }
        }
        reportProgress(state, began: began, now: clock.now)
    }

    /// The source ended before its size: reported once every read in flight is back.
    private struct ShortSource: Error {}

    /// A progress event: the verified prefix and the bytes sent this run.
    func reportProgress(
        _ state: FileTransferState, began: ContinuousClock.Instant? = nil, now: ContinuousClock.Instant? = nil,
        bytesDone: UInt64? = nil
    ) {
        let elapsed = began.flatMap { began in now.map { $0 - began } } ?? .zero
        emit(.progress(id, TransferProgress(
            bytesDone: bytesDone ?? state.prefix.length, totalBytes: state.sourceSize, bytesSent: state.bytesSent,
            elapsed: elapsed)))
    }

    /// Has the server copy the bytes itself (`copy-data`), source and partial both open on
    /// it. False when the server turns out not to support it (the caller relays instead).
    /// No digest can be taken of bytes that never pass through; the exact size is still checked.
    func copyOnServer(_ state: FileTransferState, from start: UInt64, in fileSystem: any RemoteFileSystem) async throws -> Bool {
        guard let writer = state.writer else { throw CancellationError() }
        let total = state.sourceSize
        let clock = ContinuousClock()
        let began = clock.now
        state.wroteToPartial = true
        let reader = try await fileSystem.openForReading(source.path)
        state.reader = reader
        if start < total {
            do {
                try await fileSystem.copyData(from: reader, at: start, count: total - start, to: writer, at: start)
            } catch let error as FileSystemError where error.kind == .unsupported {
                state.reader = nil
                try await reader.close()
                return false
            }
        }
        state.reader = nil
        try await reader.close()
        state.bytesSent = total - start
        reportProgress(state, began: began, now: clock.now, bytesDone: total)
        return true
    }
}
