import TermindDomain

/// Walks a Batch's sources into a `TransferPlan` before any byte moves: where each named source
/// lands (`TransferTarget`), then, with `recursive`, what every directory holds, in pre-order
/// and by name. Entries that cannot be copied are planned with their outcome already known
/// (a source that is not there, a directory without `recursive`, a tree that cannot be listed).
/// Partial files (`.NAME.termind-partial`) inside a tree are skipped and counted, and files
/// with a size no file can have fail, each by name.
///
/// A server's tree is untrusted: it may loop or never end. The walk stops `maxDepth`
/// directories below a source, and a listing may hold at most `maxListing` entries; either
/// limit makes that one directory a failure naming it while the rest of the Batch goes on, as
/// OpenSSH's sftp does (the other trees are as wanted as before, and the exit status still
/// says something failed). Cancelling stops the walk between two READDIR replies.
struct TransferPlanner: Sendable {
    struct Result: Sendable {
        var plan = TransferPlan()
        /// Outcomes decided while walking, by entry index; every other entry is pending.
        var decided: [Int: TransferOutcome] = [:]
        /// The whole Batch cannot run (its destination cannot take the sources).
        var failure: TransferFailure?
        /// The directory the person chose to copy into: the destination when it is a
        /// directory, else the one that holds it. Everything the Batch writes is below it.
        var destinationRoot: String?
    }

    let batch: TransferBatch
    /// Where the placement of an earlier run of this Batch is found, and this one's is saved.
    let store: any PartialTransferStore

    /// Stops early, with what it has, when its task is cancelled: a walk cut short by the
    /// cancel is not a failure (its entries stay undecided, so they are reported not run).
    func plan() async -> Result {
        var result = Result()
        let destination = batch.destination
        let existing: FileKind?
        do {
            existing = try await destination.site.fileSystem.statIfPresent(destination.path)?.kind
        } catch {
            if !Self.wasCancelled(error) { result.failure = TransferFailure(error) }
            return result
        }
        result.destinationRoot = existing == .directory ? destination.path : RemotePath.parent(of: destination.path)
        let targets: [String]
        let sources = batch.sources.map(\.address)
        let earlier = batch.resume ? try? await store.loadPlacement(sources: sources, destination: destination.address) : nil
        if let earlier {
            // A resume copies to where the run it continues copied, whatever that run created.
            targets = earlier.targets
        } else {
            do {
                targets = try TransferTarget.paths(
                    for: batch.sources.map(\.path), destination: destination.path, existing: existing)
            } catch {
                result.failure = TransferFailure(Self.error(for: error, destination: destination.address))
                return result
            }
            let placement = TransferPlacement(sources: sources, destination: destination.address, targets: targets)
            try? await store.savePlacement(placement)
        }
        for (source, target) in zip(batch.sources, targets) {
            if Task.isCancelled { break }
            await add(source, to: target, into: &result)
        }
        return result
    }

    private func add(_ source: TransferEndpoint, to target: String, into result: inout Result) async {
        let fileSystem = source.site.fileSystem
        let found: RemoteFile
        do {
            found = try await fileSystem.stat(source.path)
        } catch {
            let index = result.plan.append(.init(
                kind: .other, sourcePath: source.path, parent: nil, destinationName: target, attributes: FileAttributes()))
            result.decided[index] = Self.wasCancelled(error) ? .paused(TransferPause(partial: nil)) : .failed(TransferFailure(error))
            return
        }
        let index = result.plan.append(.init(
            kind: found.kind, sourcePath: source.path, parent: nil, destinationName: target, attributes: found.attributes))
        if let impossible = Self.impossibleSize(found, at: source.address) {
            result.decided[index] = .failed(TransferFailure(impossible))
            return
        }
        let destination = TransferAddress(location: batch.destination.site.location, path: target)
        if source.site.location == batch.destination.site.location && source.path == target {
            result.decided[index] = .failed(TransferFailure(TransferError(
                .sameFile, destination, "is the source itself; choose another destination")))
            return
        }
        if found.kind == .other {
            // Named by the person, so not copying it is a failure, as scp says; inside a tree
            // such entries are skipped and counted instead.
            result.decided[index] = .failed(TransferFailure(TransferError(
                .notARegularFile, source.address,
                "is not a regular file, directory or symlink (a FIFO, device or socket); only those are copied")))
            return
        }
        guard found.kind == .directory else { return }
        guard batch.recursive else {
            result.decided[index] = .failed(TransferFailure(TransferError(
                .directoryNeedsRecursive, source.address, "is a directory; copy directory trees with -r (recursive)")))
            return
        }
        await walk(fileSystem, directory: source.path, index: index, depth: 0, into: &result)
    }

    /// - Parameter depth: how many directories `directory` is below the named source (0: the source).
    private func walk(_ fileSystem: any FileSystem, directory: String, index: Int, depth: Int, into result: inout Result) async {
        if Task.isCancelled { return }
        let address = TransferAddress(location: fileSystem.location, path: directory)
        guard depth <= batch.maxDepth else {
            result.decided[index] = .failed(TransferFailure(TransferError(
                .treeTooDeep, address,
                "is \(depth) directories deep, past the limit of \(batch.maxDepth) (--max-depth); "
                    + "the tree may loop on the server, or raise the limit to copy it")))
            return
        }
        var children: [RemoteFile] = []
        do {
            try await fileSystem.list(directory) { part in
                guard children.count + part.count <= batch.maxListing else {
                    throw TransferError(
                        .listingTooLong, address,
                        "lists more than \(batch.maxListing) entries, past the limit of one listing (--max-listing); "
                            + "the listing may never end on the server, or raise the limit to copy it")
                }
                // The server's `ls -l` line is not needed to copy; a capped listing held whole
                // costs a third less without it.
                children += part.map { file in
                    var kept = file
                    kept.longName = nil
                    return kept
                }
            }
        } catch is CancellationError {
            return  // interrupted: left pending, so paused for a resume
        } catch {
            if !Self.wasCancelled(error) { result.decided[index] = .failed(TransferFailure(error)) }
            return
        }
        for child in children.sorted(by: { $0.name < $1.name }) {
            let name = child.name
            guard name != "." && name != ".." else { continue }
            let path = RemotePath.join(directory, name)
            let childIndex = result.plan.append(.init(
                kind: child.kind, sourcePath: path, parent: index, destinationName: name, attributes: child.attributes))
            if PartialFileName.isPartial(name) {
                result.decided[childIndex] = .skipped(.partialFileName)
                continue
            }
            let address = TransferAddress(location: fileSystem.location, path: path)
            if let impossible = Self.impossibleSize(child, at: address) {
                result.decided[childIndex] = .failed(TransferFailure(impossible))
                continue
            }
            if child.kind == .directory {
                await walk(fileSystem, directory: path, index: childIndex, depth: depth + 1, into: &result)
            }
        }
    }

    /// A file whose size no file can have: sizes come from the server, never trusted.
    static func impossibleSize(_ file: RemoteFile, at address: TransferAddress) -> TransferError? {
        guard file.kind == .file, file.attributes.hasImpossibleSize, let size = file.attributes.size else { return nil }
        return TransferError(
            .impossibleSize, address,
            "the server sent an impossible size for it (\(size) bytes, more than any file can hold); not copied, check the server")
    }

    /// The walk's task was cancelled (Ctrl-C): whatever the call threw then is the cancel's.
    private static func wasCancelled(_ error: any Error) -> Bool {
        error is CancellationError || Task.isCancelled
    }

    static func error(for problem: TransferTarget.Problem, destination: TransferAddress) -> TransferError {
        switch problem {
        case .severalSourcesNeedADirectory(let count):
            TransferError(
                .destinationNotADirectory, destination,
                "is not a directory; copying \(count) sources needs an existing directory to put them in")
        case .noSuchDirectory:
            TransferError(.noSuchDirectory, destination, "no such directory; create it first or leave out the trailing /")
        case .notADirectory:
            TransferError(.destinationNotADirectory, destination, "is not a directory; leave out the trailing / to copy onto it")
        }
    }
}
