import Synchronization
import TermindApplication
import TermindDomain

/// An in-memory file system for the transfer engine's tests, standing in for a server (it is
/// a `RemoteFileSystem`) or this machine. Paths are absolute. Faults are set on `faults`:
/// a connection that drops after so many bytes, slow or reordered reads and writes, a full
/// disk, a server without symlinks; counters and logs show what the engine did.
final class MemoryFileSystem: RemoteFileSystem {
    enum Node: Equatable {
        case file(bytes: [UInt8], mode: UInt32, modified: Int64, accessed: Int64)
        case directory(mode: UInt32, modified: Int64)
        case symlink(target: String)
    }

    struct Faults {
        /// The connection drops once this many more bytes were written (counted from when set).
        var dropAfterWrittenBytes: UInt64?
        /// The connection drops once this many more bytes were read.
        var dropAfterReadBytes: UInt64?
        /// Each write waits this long before landing (by offset: reorders completions).
        var writeDelay: (@Sendable (UInt64) -> Duration)?
        var readDelay: (@Sendable (UInt64) -> Duration)?
        /// The read at exactly this offset fails (an I/O error; the connection stays).
        var failReadAt: UInt64?
        /// File contents may not exceed this many bytes in total (`.noSpace` beyond).
        var capacity: UInt64?
        var symlinksUnsupported = false
        /// `openForFlushing`'s flushers fail as if their connection dropped.
        var flushesFail = false
        /// Removing these paths fails with permission denied.
        var unremovable: Set<String> = []
        /// Writes at or beyond this offset of a partial wait until `openGate()`.
        var gateAtOffset: UInt64?
        /// The write at exactly this offset of a partial waits until `openGate()`.
        var holdWriteAt: UInt64?
        /// Creating a new file in one of these directories fails with this kind.
        var newFilesFail: [String: FileSystemError.Kind] = [:]
        /// Each directory made waits this long first.
        var makeDirectoryDelay: Duration?
        /// Awaited before each listing, with the directory's path (a test holds a listing back).
        var beforeListing: (@Sendable (String) async throws -> Void)?
    }

    struct Counters {
        var bytesRead: UInt64 = 0
        var bytesWritten: UInt64 = 0
        var readsInFlight = 0
        var maxReadsInFlight = 0
        var writesInFlight = 0
        var maxWritesInFlight = 0
        var openWriters = 0
        var maxOpenWriters = 0
        var copyDataCalls = 0
        /// Flushes asked of `openForFlushing`'s flushers, failed ones included.
        var flushAttempts = 0
        /// What `openForFlushing`'s flushers flushed: the path and its size then.
        var flushes: [(path: String, size: Int)] = []
        var renames: [(from: String, to: String, replacing: Bool)] = []
        /// Every path looked at with `lstat`, in order.
        var lstats: [String] = []
        var removed: [String] = []
        var gateReached = false
    }

    private struct State {
        var nodes: [String: Node] = ["/": .directory(mode: 0o755, modified: 1)]
        var faults = Faults()
        var counters = Counters()
        var connected = true
        var clock: Int64 = 1_700_000_000
        var gateWaiters: [CheckedContinuation<Void, Never>] = []
        var gateOpen = false
        var gateReachedWaiters: [CheckedContinuation<Void, Never>] = []
        /// Inode numbers, given out when first asked for; a file keeps its number when written
        /// or renamed, and a new file at a name gets a new one.
        var inodes: [String: UInt64] = [:]
        var nextInode: UInt64 = 100
    }

    let location: String
    let serverExtensions: [String: String]
    let chunkSize: Int
    private let state = Mutex(State())

    init(location: String = "server", extensions: [String: String] = ["posix-rename@openssh.com": "1"], chunkSize: Int = 1024) {
        self.location = location
        serverExtensions = extensions
        self.chunkSize = chunkSize
    }

    // MARK: - Test set-up and inspection

    var faults: Faults {
        get { state.withLock { $0.faults } }
        set { state.withLock { $0.faults = newValue } }
    }

    var counters: Counters { state.withLock { $0.counters } }

    func resetCounters() { state.withLock { $0.counters = Counters() } }

    /// The connection drops now: every call fails with `.connectionLost` until `reconnect()`.
    func disconnect() { state.withLock { $0.connected = false } }

    func reconnect() {
        state.withLock {
            $0.connected = true
            $0.faults.dropAfterReadBytes = nil
            $0.faults.dropAfterWrittenBytes = nil
        }
    }

    /// Lets writes held at `gateAtOffset` through.
    func openGate() {
        let waiters = state.withLock { state in
            state.gateOpen = true
            defer { state.gateWaiters.removeAll() }
            return state.gateWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once a write has reached `gateAtOffset`.
    func gateReached() async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                if state.counters.gateReached { return true }
                state.gateReachedWaiters.append(continuation)
                return false
            }
            if reached { continuation.resume() }
        }
    }

    func node(_ path: String) -> Node? { state.withLock { $0.nodes[path] } }

    func contents(_ path: String) -> [UInt8]? {
        guard case .file(let bytes, _, _, _) = node(path) else { return nil }
        return bytes
    }

    /// Every path, sorted.
    var paths: [String] { state.withLock { $0.nodes.keys.sorted() } }

    func addFile(_ path: String, _ bytes: [UInt8], mode: UInt32 = 0o644, modified: Int64 = 1_600_000_000) {
        state.withLock { state in
            makeParents(path, in: &state)
            state.nodes[path] = .file(bytes: bytes, mode: mode, modified: modified, accessed: modified)
        }
    }

    func addDirectory(_ path: String, mode: UInt32 = 0o755, modified: Int64 = 1_600_000_000) {
        state.withLock { state in
            makeParents(path, in: &state)
            state.nodes[path] = .directory(mode: mode, modified: modified)
        }
    }

    func addSymlink(_ path: String, to target: String) {
        state.withLock { state in
            makeParents(path, in: &state)
            state.nodes[path] = .symlink(target: target)
        }
    }

    private func makeParents(_ path: String, in state: inout State) {
        var parent = RemotePath.parent(of: path)
        var missing: [String] = []
        while parent != "/" && state.nodes[parent] == nil {
            missing.append(parent)
            parent = RemotePath.parent(of: parent)
        }
        for directory in missing { state.nodes[directory] = .directory(mode: 0o755, modified: 1_600_000_000) }
    }

    // MARK: - FileSystem

    private func check(_ path: String) throws {
        let connected = state.withLock { $0.connected }
        guard connected else { throw lost(path) }
    }

    private func lost(_ path: String) -> FileSystemError {
        FileSystemError(.connectionLost, location: location, path: path, detail: "the connection was lost")
    }

    private func error(_ kind: FileSystemError.Kind, _ path: String, _ detail: String) -> FileSystemError {
        FileSystemError(kind, location: location, path: path, detail: detail)
    }

    private func file(_ path: String, _ node: Node) -> RemoteFile {
        switch node {
        case .file(let bytes, let mode, let modified, let accessed):
            RemoteFile(path: path, attributes: FileAttributes(
                size: UInt64(bytes.count), mode: 0o100000 | mode, accessed: accessed, modified: modified))
        case .directory(let mode, let modified):
            RemoteFile(path: path, attributes: FileAttributes(size: 4096, mode: 0o040000 | mode, accessed: modified, modified: modified))
        case .symlink(let target):
            RemoteFile(path: path, attributes: FileAttributes(size: UInt64(target.utf8.count), mode: 0o120777, modified: 1))
        }
    }

    func list(_ path: String) async throws -> [RemoteFile] {
        try check(path)
        if let beforeListing = faults.beforeListing { try await beforeListing(path) }
        return try state.withLock { state in
            guard let node = state.nodes[path] else { throw error(.noSuchFile, path, "no such file") }
            guard case .directory = node else { throw error(.notADirectory, path, "not a directory") }
            let prefix = path == "/" ? "/" : path + "/"
            return state.nodes.compactMap { key, value in
                guard key.hasPrefix(prefix), key != path, !key.dropFirst(prefix.count).contains("/") else { return nil }
                return file(key, value)
            }
        }
    }

    private func resolve(_ path: String, in state: State) throws -> (String, Node) {
        var current = path
        for _ in 0..<16 {
            guard let node = state.nodes[current] else { throw error(.noSuchFile, path, "no such file") }
            guard case .symlink(let target) = node else { return (current, node) }
            current = target.hasPrefix("/") ? target : RemotePath.join(RemotePath.parent(of: current), target)
        }
        throw error(.failure, path, "too many symlinks")
    }

    func stat(_ path: String) async throws -> RemoteFile {
        try check(path)
        return try state.withLock { state in
            let (_, node) = try resolve(path, in: state)
            return file(path, node)
        }
    }

    func lstat(_ path: String) async throws -> RemoteFile {
        try check(path)
        return try state.withLock { state in
            state.counters.lstats.append(path)
            guard let node = state.nodes[path] else { throw error(.noSuchFile, path, "no such file") }
            return file(path, node)
        }
    }

    func realpath(_ path: String) async throws -> String { path }

    func makeDirectory(_ path: String, permissions: UInt32) async throws {
        try check(path)
        try await slow(faults.makeDirectoryDelay)
        try state.withLock { state in
            guard state.nodes[path] == nil else { throw error(.alreadyExists, path, "already exists") }
            guard case .directory? = state.nodes[RemotePath.parent(of: path)] else {
                throw error(.noSuchFile, path, "no parent directory")
            }
            state.clock += 1
            state.nodes[path] = .directory(mode: permissions, modified: state.clock)
        }
    }

    func removeDirectory(_ path: String) async throws {
        try check(path)
        try state.withLock { state in
            guard case .directory? = state.nodes[path] else { throw error(.noSuchFile, path, "no such directory") }
            state.nodes[path] = nil
        }
    }

    func remove(_ path: String) async throws {
        try check(path)
        try state.withLock { state in
            guard !state.faults.unremovable.contains(path) else { throw error(.permissionDenied, path, "permission denied") }
            guard let node = state.nodes[path] else { throw error(.noSuchFile, path, "no such file") }
            if case .directory = node { throw error(.isADirectory, path, "is a directory") }
            state.nodes[path] = nil
            state.inodes[path] = nil
            state.counters.removed.append(path)
        }
    }

    func rename(_ source: String, to destination: String, replacing: Bool) async throws {
        try check(source)
        try state.withLock { state in
            guard let node = state.nodes[source] else { throw error(.noSuchFile, source, "no such file") }
            if let existing = state.nodes[destination] {
                guard replacing else { throw error(.alreadyExists, destination, "already exists") }
                if case .directory = existing { throw error(.isADirectory, destination, "is a directory") }
            }
            state.nodes[source] = nil
            state.nodes[destination] = node
            state.inodes[destination] = state.inodes.removeValue(forKey: source)
            state.counters.renames.append((source, destination, replacing))
        }
    }

    func symlink(at path: String, pointingTo target: String) async throws {
        try check(path)
        try state.withLock { state in
            guard !state.faults.symlinksUnsupported else { throw error(.unsupported, path, "symlinks are not supported") }
            guard state.nodes[path] == nil else { throw error(.alreadyExists, path, "already exists") }
            state.nodes[path] = .symlink(target: target)
        }
    }

    func readlink(_ path: String) async throws -> String {
        try check(path)
        return try state.withLock { state in
            guard case .symlink(let target)? = state.nodes[path] else { throw error(.failure, path, "not a symlink") }
            return target
        }
    }

    func setAttributes(_ path: String, _ changes: FileAttributes) async throws {
        try check(path)
        try state.withLock { state in
            let (real, node) = try resolve(path, in: state)
            switch node {
            case .file(var bytes, var mode, var modified, var accessed):
                if let size = changes.size {
                    if size < bytes.count { bytes.removeLast(bytes.count - Int(size)) }
                    else { bytes += [UInt8](repeating: 0, count: Int(size) - bytes.count) }
                }
                if let newMode = changes.mode { mode = newMode & 0o7777 }
                if let newModified = changes.modified { modified = newModified }
                if let newAccessed = changes.accessed { accessed = newAccessed }
                state.nodes[real] = .file(bytes: bytes, mode: mode, modified: modified, accessed: accessed)
            case .directory(var mode, var modified):
                if let newMode = changes.mode { mode = newMode & 0o7777 }
                if let newModified = changes.modified { modified = newModified }
                state.nodes[real] = .directory(mode: mode, modified: modified)
            case .symlink:
                break
            }
        }
    }

    func openForReading(_ path: String) async throws -> any FileReader {
        try check(path)
        try state.withLock { state in
            let (_, node) = try resolve(path, in: state)
            guard case .file = node else { throw error(.isADirectory, path, "not a file") }
        }
        return Reader(fileSystem: self, path: path)
    }

    func openForWriting(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> any FileWriter {
        try check(path)
        try state.withLock { state in
            guard case .directory? = state.nodes[RemotePath.parent(of: path)] else {
                throw error(.noSuchFile, path, "no such directory")
            }
            state.clock += 1
            if state.nodes[path] == nil, let kind = state.faults.newFilesFail[RemotePath.parent(of: path)] {
                throw error(kind, path, "cannot create a file here")
            }
            switch (state.nodes[path], mode) {
            case (.some, .createNew):
                throw error(.alreadyExists, path, "already exists")
            case (nil, _):
                state.inodes[path] = nil
                state.nodes[path] = .file(bytes: [], mode: permissions, modified: state.clock, accessed: state.clock)
            case (.directory?, _):
                throw error(.isADirectory, path, "is a directory")
            case (.file(let bytes, let oldMode, _, let accessed)?, .keep):
                state.nodes[path] = .file(bytes: bytes, mode: oldMode, modified: state.clock, accessed: accessed)
            default:
                state.nodes[path] = .file(bytes: [], mode: permissions, modified: state.clock, accessed: state.clock)
            }
            state.counters.openWriters += 1
            state.counters.maxOpenWriters = max(state.counters.maxOpenWriters, state.counters.openWriters)
        }
        return Writer(fileSystem: self, path: path)
    }

    /// Like `LocalFileSystem`'s: exclusive create, and identities with an inode.
    func createPartial(_ path: String, permissions: UInt32) async throws -> any PartialWriter {
        let writer = try await openForWriting(path, .createNew, permissions: permissions) as! Writer
        writer.identity = try identity(of: path)
        return writer
    }

    /// Only a regular file is opened, never through a symlink.
    func openPartial(_ path: String, wait: Bool) async throws -> any PartialWriter {
        let found = try await lstat(path)
        guard found.kind == .file else {
            throw error(.unexpectedFile, path, "it is \(found.kind.partialDescription), not a regular file")
        }
        // Opening changes nothing of the file (its mtime included), as open(2) does.
        state.withLock { state in
            state.counters.openWriters += 1
            state.counters.maxOpenWriters = max(state.counters.maxOpenWriters, state.counters.openWriters)
        }
        let writer = Writer(fileSystem: self, path: path)
        writer.identity = try identity(of: path)
        return writer
    }

    /// The file at `path` (not followed): its inode, size and mtime.
    fileprivate func identity(of path: String) throws -> FileIdentity {
        try check(path)
        return try state.withLock { state in
            guard case .file(let bytes, _, let modified, _)? = state.nodes[path] else { throw error(.noSuchFile, path, "no such file") }
            let inode = state.inodes[path] ?? {
                state.nextInode += 1
                return state.nextInode
            }()
            state.inodes[path] = inode
            return FileIdentity(device: 1, inode: inode, userID: 1000, size: UInt64(bytes.count), modified: modified)
        }
    }

    func usage(of path: String) async throws -> FileSystemUsage {
        FileSystemUsage(blockSize: 1, totalBlocks: 1 << 30, freeBlocks: 1 << 30, availableBlocks: 1 << 30)
    }

    /// Every file here belongs to user 1000 (as `identity(of:)` says).
    func openToWriteBeside(_ path: String, accessed stamp: Int64, owner: UInt32) async throws -> any FileWriter {
        try check(path)
        try state.withLock { state in
            let (_, node) = try resolve(path, in: state)
            guard case .file(_, _, _, let accessed) = node, accessed == stamp, owner == 1000 else {
                throw error(.unexpectedFile, path, "not the file being written")
            }
            state.counters.openWriters += 1
            state.counters.maxOpenWriters = max(state.counters.maxOpenWriters, state.counters.openWriters)
        }
        return Writer(fileSystem: self, path: path)
    }

    func openForFlushing(_ path: String) async throws -> any FileFlusher {
        _ = try await openForReading(path)
        return Flusher(fileSystem: self, path: path)
    }

    func hardlink(at path: String, pointingTo target: String) async throws {
        throw error(.unsupported, path, "no hard links")
    }

    func copyData(
        from source: any FileReader, at sourceOffset: UInt64, count: UInt64, to destination: any FileWriter,
        at destinationOffset: UInt64
    ) async throws {
        guard serverExtensions["copy-data"] != nil else { throw error(.unsupported, "", "no copy-data") }
        guard let reader = source as? Reader, let writer = destination as? Writer else {
            throw error(.failure, "", "handles of another file system")
        }
        try check(reader.path)
        try state.withLock { state in
            state.counters.copyDataCalls += 1
            guard case .file(let bytes, _, _, _)? = state.nodes[reader.path] else { throw error(.noSuchFile, reader.path, "gone") }
            let end = count == 0 ? UInt64(bytes.count) : min(UInt64(bytes.count), sourceOffset + count)
            let slice = Array(bytes[Int(sourceOffset)..<Int(end)])
            try apply(slice, at: destinationOffset, to: writer.path, in: &state)
        }
    }

    func close() async {}

    // MARK: - Reads and writes

    /// A slow server, where a test's faults ask for one: the delay is the fault under test.
    private func slow(_ delay: Duration?) async throws {
        if let delay { try await Task.sleep(for: delay) }
    }

    fileprivate func read(_ path: String, at offset: UInt64, count: Int) async throws -> [UInt8] {
        try check(path)
        let delay = state.withLock { state in
            state.counters.readsInFlight += 1
            state.counters.maxReadsInFlight = max(state.counters.maxReadsInFlight, state.counters.readsInFlight)
            return state.faults.readDelay?(offset)
        }
        defer { state.withLock { $0.counters.readsInFlight -= 1 } }
        try await slow(delay)
        return try state.withLock { state in
            guard state.connected else { throw lost(path) }
            if state.faults.failReadAt == offset { throw error(.failure, path, "I/O error") }
            if let budget = state.faults.dropAfterReadBytes {
                if budget < UInt64(count) {
                    state.connected = false
                    throw lost(path)
                }
                state.faults.dropAfterReadBytes = budget - UInt64(count)
            }
            let (_, node) = try resolve(path, in: state)
            guard case .file(let bytes, _, _, _) = node else { throw error(.failure, path, "not a file") }
            guard offset < UInt64(bytes.count) else { return [] }
            let end = min(bytes.count, Int(offset) + count)
            state.counters.bytesRead += UInt64(end - Int(offset))
            return Array(bytes[Int(offset)..<end])
        }
    }

    fileprivate func write(_ path: String, _ bytes: [UInt8], at offset: UInt64) async throws {
        try check(path)
        let (delay, gated) = state.withLock { state in
            state.counters.writesInFlight += 1
            state.counters.maxWritesInFlight = max(state.counters.maxWritesInFlight, state.counters.writesInFlight)
            let gated = PartialFileName.isPartial(RemotePath.name(of: path)) && !state.gateOpen
                && (state.faults.gateAtOffset.map { offset >= $0 } == true || state.faults.holdWriteAt == offset)
            return (state.faults.writeDelay?(offset), gated)
        }
        defer { state.withLock { $0.counters.writesInFlight -= 1 } }
        if gated { await waitAtGate() }
        try await slow(delay)
        try Task.checkCancellation()
        try state.withLock { state in
            guard state.connected else { throw lost(path) }
            if let budget = state.faults.dropAfterWrittenBytes {
                if budget < UInt64(bytes.count) {
                    state.connected = false
                    throw lost(path)
                }
                state.faults.dropAfterWrittenBytes = budget - UInt64(bytes.count)
            }
            try apply(bytes, at: offset, to: path, in: &state)
            state.counters.bytesWritten += UInt64(bytes.count)
        }
    }

    private func waitAtGate() async {
        let reachedWaiters = state.withLock { state in
            state.counters.gateReached = true
            defer { state.gateReachedWaiters.removeAll() }
            return state.gateReachedWaiters
        }
        for waiter in reachedWaiters { waiter.resume() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    // Cancelled before waiting: the handler below already ran and found no one.
                    if state.gateOpen || Task.isCancelled { return true }
                    state.gateWaiters.append(continuation)
                    return false
                }
                if open { continuation.resume() }
            }
        } onCancel: {
            // A cancelled transfer's held writes give up at once (they then fail as cancelled).
            self.openGateForCancellation()
        }
    }

    private func openGateForCancellation() {
        let waiters = state.withLock { state in
            defer { state.gateWaiters.removeAll() }
            return state.gateWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func apply(_ bytes: [UInt8], at offset: UInt64, to path: String, in state: inout State) throws {
        guard case .file(var content, let mode, _, let accessed)? = state.nodes[path] else {
            throw error(.noSuchFile, path, "the file was removed while open")
        }
        let end = Int(offset) + bytes.count
        if let capacity = state.faults.capacity {
            let used = state.nodes.values.reduce(UInt64(0)) { total, node in
                if case .file(let other, _, _, _) = node { return total + UInt64(other.count) }
                return total
            }
            let growth = UInt64(max(0, end - content.count))
            guard used + growth <= capacity else { throw error(.noSpace, path, "no space left on device") }
        }
        if content.count < end { content += [UInt8](repeating: 0, count: end - content.count) }
        content.replaceSubrange(Int(offset)..<end, with: bytes)
        state.clock += 1
        state.nodes[path] = .file(bytes: content, mode: mode, modified: state.clock, accessed: accessed)
    }

    fileprivate func flush(_ path: String) throws {
        try check(path)
        let size = contents(path)?.count ?? -1
        let fails = state.withLock { state in
            state.counters.flushAttempts += 1
            return state.faults.flushesFail
        }
        if fails { throw lost(path) }
        state.withLock { $0.counters.flushes.append((path, size)) }
    }

    fileprivate func closeWriter() { state.withLock { $0.counters.openWriters -= 1 } }

    final class Reader: FileReader {
        let fileSystem: MemoryFileSystem
        let path: String
        var preferredChunkSize: Int { fileSystem.chunkSize }

        init(fileSystem: MemoryFileSystem, path: String) {
            self.fileSystem = fileSystem
            self.path = path
        }

        func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
            try await fileSystem.read(path, at: offset, count: count)
        }

        func close() async throws {}
    }

    /// Counts the flushes of `path` (`counters.flushes`), with the file's size at each.
    final class Flusher: FileFlusher {
        let fileSystem: MemoryFileSystem
        let path: String

        init(fileSystem: MemoryFileSystem, path: String) {
            self.fileSystem = fileSystem
            self.path = path
        }

        func flush() async throws { try fileSystem.flush(path) }

        func close() async throws {}
    }

    final class Writer: PartialWriter, @unchecked Sendable {
        let fileSystem: MemoryFileSystem
        let path: String
        private let closed = Mutex(false)
        /// Set once, right after opening as a partial.
        var identity = FileIdentity()

        func currentIdentity() async throws -> FileIdentity { try fileSystem.identity(of: path) }

        func namedIdentity() async throws -> FileIdentity? {
            guard let named = try? fileSystem.identity(of: path), named.inode == identity.inode else { return nil }
            return named
        }

        func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
            try await fileSystem.read(path, at: offset, count: count)
        }

        func truncate(to size: UInt64) async throws { try await fileSystem.setAttributes(path, FileAttributes(size: size)) }

        func setAttributes(_ changes: FileAttributes) async throws { try await fileSystem.setAttributes(path, changes) }
        var preferredChunkSize: Int { fileSystem.chunkSize }

        init(fileSystem: MemoryFileSystem, path: String) {
            self.fileSystem = fileSystem
            self.path = path
        }

        func write(_ bytes: [UInt8], at offset: UInt64) async throws {
            try await fileSystem.write(path, bytes, at: offset)
        }

        func synchronize() async throws {}

        func close() async throws {
            let wasClosed = closed.withLock { closed in
                defer { closed = true }
                return closed
            }
            if !wasClosed { fileSystem.closeWriter() }
        }
    }
}
