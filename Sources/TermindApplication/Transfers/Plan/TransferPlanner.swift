import TermindDomain

/// Walks a Batch's sources and hands what it finds to the engine as it goes, so files copy
/// while the walk goes on: first where each named source lands (`start`), then (`walk`) one
/// `Part` per named source that is not a tree and per directory listed. With `recursive` the walk is depth-first
/// and by name: a directory's entry comes with its listing (so a directory that cannot be
/// listed is never created), its files and symlinks beside it, then its directories one by
/// one. What the walk holds is the directories still to list on the way down, at most
/// `maxDepth` levels of at most `maxListing` entries, never the whole tree.
///
/// Entries that cannot be copied come with their outcome already known (a source that is not
/// there, a directory without `recursive`, a tree that cannot be listed). Partial files
/// (`.NAME.termind-partial`) inside a tree are skipped and counted, and files with a size no
/// file can have fail, each by name.
///
/// A server's tree is untrusted: it may loop or never end. The walk stops `maxDepth`
/// directories below a source, and a listing may hold at most `maxListing` entries; either
/// limit makes that one directory a failure naming it while the rest of the Batch goes on, as
/// OpenSSH's sftp does (the other trees are as wanted as before, and the exit status still
/// says something failed). Cancelling stops the walk between two READDIR replies, at a
/// `Position` a later walk goes on from; what it has not handed over is not reported.
struct TransferPlanner: Sendable {
    /// Where the Batch goes, before any entry.
    struct Start: Sendable {
        /// Where each named source lands; nil when the Batch cannot run.
        var targets: [String]?
        /// The whole Batch cannot run (its destination cannot take the sources).
        var failure: TransferFailure?
        /// The directory the person chose to copy into: the destination when it is a
        /// directory, else the one that holds it. Everything the Batch writes is below it.
        var destinationRoot: String?
    }

    /// Entries found together (a named source, or a directory and what its listing holds),
    /// numbered on from the last part: `parent` indices refer to entries handed over before.
    struct Part: Sendable {
        /// The named source (`batch.sources` index) these entries belong to.
        var source: Int
        var first: Int
        var entries: [TransferPlan.Entry] = []
        /// Outcomes decided while walking, by entry index; every other entry is pending.
        var decided: [Int: TransferOutcome] = [:]

        /// Adds an entry, returning its index.
        mutating func append(_ entry: TransferPlan.Entry, decided outcome: TransferOutcome? = nil) -> Int {
            let index = first + entries.count
            entries.append(entry)
            if let outcome { decided[index] = outcome }
            return index
        }
    }

    let batch: TransferBatch
    /// Where the placement of an earlier run of this Batch is found, and this one's is saved.
    let store: any PartialTransferStore

    /// Finds the destination root and where each named source lands (`Position.targets`). Gives no targets (and
    /// no failure) when its task is cancelled.
    func start() async -> Start {
        var start = Start()
        let destination = batch.destination
        let existing: FileKind?
        do {
            existing = try await destination.site.fileSystem.statIfPresent(destination.path)?.kind
        } catch {
            if !Self.wasCancelled(error) { start.failure = TransferFailure(error) }
            return start
        }
        start.destinationRoot = existing == .directory ? destination.path : RemotePath.parent(of: destination.path)
        let sources = batch.sources.map(\.address)
        let earlier = batch.resume ? try? await store.loadPlacement(sources: sources, destination: destination.address) : nil
        if let earlier {
            // A resume copies to where the run it continues copied, whatever that run created.
            start.targets = earlier.targets
        } else {
            let targets: [String]
            do {
                targets = try TransferTarget.paths(
                    for: batch.sources.map(\.path), destination: destination.path, existing: existing)
            } catch {
                start.failure = TransferFailure(Self.error(for: error, destination: destination.address))
                return start
            }
            let placement = TransferPlacement(sources: sources, destination: destination.address, targets: targets)
            try? await store.savePlacement(placement)
            start.targets = targets
        }
        return start
    }

    /// Where a walk stands: what it still has to list, and how entries are numbered on. A walk
    /// stopped by a cancel gives its position, and `walk(from:)` goes on from it.
    struct Position: Sendable {
        /// Where each named source lands.
        let targets: [String]
        /// The named source being walked, or to be looked at next.
        var source = 0
        /// The index the next entry gets.
        var next = 0
        /// `source` was looked at, and the directories of its tree still to list are on `stack`.
        var entered = false
        /// Depth-first: the last directory pushed is listed next, so the stack holds, level by
        /// level, the directories of each listing still to walk.
        var stack: [Pending] = []

        init(targets: [String]) { self.targets = targets }

        /// Nothing is left to walk.
        var finished: Bool { source >= targets.count }
    }

    /// Walks on from `position`, handing each part to `deliver` in order; `deliver` may hold
    /// the walk back (the engine does while enough is planned and not started), and stops it
    /// by returning false (the Batch was paused). Stops early too when its task is cancelled,
    /// returning where it stopped: a directory whose listing was cut short is listed again by
    /// the next walk, and was not handed over.
    func walk(from position: Position, deliver: @Sendable (Part) async -> Bool) async -> Position {
        var position = position
        while !position.finished {
            if Task.isCancelled { return position }
            let endpoint = batch.sources[position.source]
            if !position.entered {
                var part = Part(source: position.source, first: position.next)
                guard let directory = await enter(endpoint, to: position.targets[position.source], into: &part) else {
                    if part.entries.isEmpty { return position }  // cancelled: looked at again next time
                    position.next += part.entries.count
                    position.source += 1
                    if await deliver(part) { continue }
                    return position
                }
                position.entered = true
                position.stack = [directory]
            }
            while let pending = position.stack.popLast() {
                var part = Part(source: position.source, first: position.next)
                guard !Task.isCancelled, await list(endpoint.site.fileSystem, pending, into: &part, below: &position.stack) else {
                    position.stack.append(pending)
                    return position
                }
                position.next += part.entries.count
                guard await deliver(part) else {
                    // Stopped between two listings: the next walk goes on with this source.
                    if position.stack.isEmpty { position.entered = false; position.source += 1 }
                    return position
                }
            }
            position.entered = false
            position.source += 1
        }
        return position
    }

    /// Looks at a named source: a tree to walk is returned, to be listed; anything else goes
    /// into `part`, with its outcome if it cannot be copied. Nothing goes in when cancelled.
    private func enter(_ source: TransferEndpoint, to target: String, into part: inout Part) async -> Pending? {
        let found: RemoteFile
        do {
            found = try await source.site.fileSystem.stat(source.path)
        } catch {
            if !Self.wasCancelled(error) {
                _ = part.append(
                    .init(kind: .other, sourcePath: source.path, parent: nil, destinationName: target, attributes: FileAttributes()),
                    decided: .failed(TransferFailure(error)))
            }
            return nil
        }
        let entry = TransferPlan.Entry(
            kind: found.kind, sourcePath: source.path, parent: nil, destinationName: target, attributes: found.attributes)
        let destination = TransferAddress(location: batch.destination.site.location, path: target)
        let refusal: TransferError? =
            if let impossible = Self.impossibleSize(found, at: source.address) {
                impossible
            } else if source.site.location == batch.destination.site.location && source.path == target {
                TransferError(.sameFile, destination, "is the source itself; choose another destination")
            } else if found.kind == .other {
                // Named by the person, so not copying it is a failure, as scp says; inside a
                // tree such entries are skipped and counted instead.
                TransferError(
                    .notARegularFile, source.address,
                    "is not a regular file, directory or symlink (a FIFO, device or socket); only those are copied")
            } else if found.kind == .directory && !batch.recursive {
                TransferError(.directoryNeedsRecursive, source.address, "is a directory; copy directory trees with -r (recursive)")
            } else {
                nil
            }
        guard refusal == nil, found.kind == .directory else {
            _ = part.append(entry, decided: refusal.map { .failed(TransferFailure($0)) })
            return nil
        }
        return Pending(entry: entry, depth: 0)
    }

    /// A directory found in a listing, waiting its turn to be listed.
    struct Pending: Sendable {
        var entry: TransferPlan.Entry
        /// How many directories it is below the named source (0: the source).
        var depth: Int
    }

    /// Lists `directory` into `part`: its entry first (failed if it cannot be listed), then its
    /// files, symlinks and the directories that are not walked; the directories to walk are
    /// pushed on `stack`, last name first. False, with nothing added, when cancelled.
    private func list(_ fileSystem: any FileSystem, _ directory: Pending, into part: inout Part, below stack: inout [Pending]) async -> Bool {
        let path = directory.entry.sourcePath
        let address = TransferAddress(location: fileSystem.location, path: path)
        var children: [RemoteFile] = []
        do {
            try await fileSystem.list(path) { reply in
                guard children.count + reply.count <= batch.maxListing else {
                    throw TransferError(
                        .listingTooLong, address,
                        "lists more than \(batch.maxListing) entries, past the limit of one listing (--max-listing); "
                            + "the listing may never end on the server, or raise the limit to copy it")
                }
                // The server's `ls -l` line is not needed to copy; a capped listing held whole
                // costs a third less without it.
                children += reply.map { file in
                    var kept = file
                    kept.longName = nil
                    return kept
                }
            }
        } catch {
            if Self.wasCancelled(error) { return false }
            _ = part.append(directory.entry, decided: .failed(TransferFailure(error)))
            return true
        }
        let index = part.append(directory.entry)
        var directories: [Pending] = []
        for child in children.sorted(by: { $0.name < $1.name }) {
            let name = child.name
            guard name != "." && name != ".." else { continue }
            let childPath = RemotePath.join(path, name)
            let childEntry = TransferPlan.Entry(
                kind: child.kind, sourcePath: childPath, parent: index, destinationName: name, attributes: child.attributes)
            let childAddress = TransferAddress(location: fileSystem.location, path: childPath)
            if PartialFileName.isPartial(name) {
                _ = part.append(childEntry, decided: .skipped(.partialFileName))
            } else if let impossible = Self.impossibleSize(child, at: childAddress) {
                _ = part.append(childEntry, decided: .failed(TransferFailure(impossible)))
            } else if child.kind == .directory && directory.depth + 1 > batch.maxDepth {
                _ = part.append(childEntry, decided: .failed(TransferFailure(TransferError(
                    .treeTooDeep, childAddress,
                    "is \(directory.depth + 1) directories deep, past the limit of \(batch.maxDepth) (--max-depth); "
                        + "the tree may loop on the server, or raise the limit to copy it"))))
            } else if child.kind == .directory {
                directories.append(Pending(entry: childEntry, depth: directory.depth + 1))
            } else {
                _ = part.append(childEntry)
            }
        }
        stack += directories.reversed()
        return true
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
