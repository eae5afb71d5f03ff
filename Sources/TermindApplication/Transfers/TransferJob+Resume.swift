import TermindDomain

extension TransferJob {
    /// Decides where the bytes start: at the verified end of an earlier partial when resuming
    /// and every check passes (the source has the recorded size and mtime, the partial is at
    /// least as long as recorded and its prefix hashes to the recorded SHA-256; it is then cut
    /// to that length), else at zero with a `restarted` event saying why.
    /// - Parameter digest: receives the running digest of the kept prefix.
    func prepareStart(_ state: FileTransferState, digest: inout ContentDigest, in fileSystem: any FileSystem) async throws
        -> UInt64
    {
        guard let partialPath = state.partialPath else { throw CancellationError() }
        let address = destinationAddress(state.finalPath)
        let existing = try await fileSystem.lstatIfPresent(partialPath)
        state.partialExisted = existing != nil
        let record: PartialTransferRecord?
        if resume {
            if let knownRecord, knownRecord.destination == address {
                record = knownRecord
            } else {
                let store = store
                record = try? await store.load(destination: address)
            }
        } else {
            record = nil
        }
        state.earlierRecord = record

        func restart(_ reason: TransferRestartReason?) async -> UInt64 {
            if let reason { emit(.restarted(id, reason)) }
            if record != nil {
                let store = store
                _ = try? await uncancelled { try await store.remove(destination: address) }
            }
            digest = ContentDigest()
            state.prefix = VerifiedPrefix()
            state.prefixKnown = true
            return 0
        }

        guard let existing else { return await restart(record == nil ? nil : .partialMissing) }
        guard resume else { return await restart(.resumeNotRequested) }
        guard let record, record.version == PartialTransferRecord.currentVersion, record.source == source,
            record.partialPath == partialPath, existing.kind == .file
        else { return await restart(.noRecord) }
        guard record.sourceSize == state.sourceSize, record.sourceModified == state.sourceModified,
            record.verifiedBytes <= state.sourceSize
        else { return await restart(.sourceChanged) }
        guard (existing.attributes.size ?? 0) >= record.verifiedBytes else { return await restart(.partialShorter) }

        let prefixDigest: ContentDigest
        do {
            prefixDigest = try await hashPrefix(of: partialPath, count: record.verifiedBytes, in: fileSystem)
        } catch {
            if error is CancellationError || Task.isCancelled || Self.isConnectionLoss(error) { throw error }
            return await restart(.partialUnreadable)
        }
        guard prefixDigest.hex == record.sha256 else { return await restart(.partialChanged) }
        if (existing.attributes.size ?? 0) > record.verifiedBytes {
            try await fileSystem.setAttributes(partialPath, FileAttributes(size: record.verifiedBytes))
        }
        digest = prefixDigest
        state.prefix = VerifiedPrefix(length: record.verifiedBytes, sha256: record.sha256)
        state.prefixKnown = true
        return record.verifiedBytes
    }

    /// The SHA-256 of the first `count` bytes of `path`, read with many requests in flight
    /// and hashed in order.
    func hashPrefix(of path: String, count: UInt64, in fileSystem: any FileSystem) async throws -> ContentDigest {
        var digest = ContentDigest()
        guard count > 0 else { return digest }
        let reader = try await fileSystem.openForReading(path)
        do {
            let chunk = max(1, reader.preferredChunkSize > 0 ? reader.preferredChunkSize : tuning.fallbackChunkSize)
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
                        group.addTask { (offset, try await reader.read(at: offset, count: length)) }
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
                        group.addTask { (end, try await reader.read(at: end, count: Int(chunkEnd - end))) }
                        inFlight += 1
                    }
                    while let next = buffered.removeValue(forKey: nextHash) {
                        digest.update(next)
                        nextHash += UInt64(next.count)
                    }
                }
            }
            try await reader.close()
        } catch {
            _ = try? await uncancelled { try await reader.close() }
            throw error
        }
        return digest
    }
}
