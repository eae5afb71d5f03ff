import Synchronization
import TermindApplication
import TermindDomain

/// A small file system in memory for browser panes in the workbench's tests: directories and
/// empty files by absolute path, a start directory, and paths whose removal the "server"
/// refuses. Only what a browser asks is served; the rest is `.unsupported`.
final class MemoryTree: RemoteFileSystem {
    private struct State {
        var nodes: [String: RemoteFile] = ["/": MemoryTree.directory("/")]
        var refusedRemovals: Set<String> = []
        var listings: [String] = []
    }

    private let state = Mutex(State())
    let location = "memory"
    let home: String
    var serverExtensions: [String: String] { [:] }

    init(home: String = "/home/alice", paths: [String] = []) {
        self.home = home
        addDirectory(home)
        for path in paths { path.hasSuffix("/") ? addDirectory(String(path.dropLast())) : addFile(path) }
    }

    static func directory(_ path: String) -> RemoteFile {
        RemoteFile(path: path, attributes: FileAttributes(size: 4096, userID: 1000, mode: 0o040755, modified: 1_700_000_000))
    }

    func addDirectory(_ path: String) {
        var parent = RemotePath.parent(of: path)
        var missing: [String] = []
        while parent != "/" && state.withLock({ $0.nodes[parent] == nil }) {
            missing.append(parent)
            parent = RemotePath.parent(of: parent)
        }
        state.withLock { state in
            for directory in missing + [path] { state.nodes[directory] = Self.directory(directory) }
        }
    }

    func addFile(_ path: String, size: UInt64 = 0) {
        addDirectory(RemotePath.parent(of: path))
        state.withLock {
            $0.nodes[path] = RemoteFile(path: path, attributes: FileAttributes(size: size, userID: 1000, mode: 0o100644, modified: 1_700_000_000))
        }
    }

    /// The server refuses to remove `path` (as sshd does in a directory the user cannot write).
    func refuseRemoval(of path: String) { state.withLock { _ = $0.refusedRemovals.insert(path) } }

    var paths: Set<String> { Set(state.withLock { $0.nodes.keys }) }
    /// Every directory listed, in order.
    var listings: [String] { state.withLock { $0.listings } }

    private func missing(_ path: String, _ doing: String) -> FileSystemError {
        FileSystemError(.noSuchFile, location: location, path: path, detail: "\(doing) failed: No such file")
    }

    func list(_ path: String) async throws -> [RemoteFile] {
        try state.withLock { state in
            guard let node = state.nodes[path] else { throw missing(path, "listing") }
            guard node.isDirectory else { throw FileSystemError(.notADirectory, location: location, path: path, detail: "listing failed: Not a directory") }
            state.listings.append(path)
            return state.nodes.values.filter { $0.path != "/" && RemotePath.parent(of: $0.path) == path }
        }
    }

    func stat(_ path: String) async throws -> RemoteFile { try await lstat(path) }
    func lstat(_ path: String) async throws -> RemoteFile {
        guard let node = state.withLock({ $0.nodes[path] }) else { throw missing(path, "stat") }
        return node
    }
    func realpath(_ path: String) async throws -> String {
        let resolved = path == "." ? home : path
        guard state.withLock({ $0.nodes[resolved] != nil }) else { throw missing(path, "realpath") }
        return resolved
    }

    func makeDirectory(_ path: String, permissions: UInt32) async throws {
        try state.withLock { state in
            guard state.nodes[path] == nil else { throw FileSystemError(.alreadyExists, location: location, path: path, detail: "mkdir failed: File exists") }
            guard state.nodes[RemotePath.parent(of: path)] != nil else { throw missing(path, "mkdir") }
            state.nodes[path] = Self.directory(path)
        }
    }

    func removeDirectory(_ path: String) async throws { try remove(path, doing: "rmdir") }
    func remove(_ path: String) async throws { try remove(path, doing: "remove") }

    private func remove(_ path: String, doing: String) throws {
        try state.withLock { state in
            if state.refusedRemovals.contains(path) {
                throw FileSystemError(.permissionDenied, location: location, path: path, detail: "\(doing) failed: Permission denied")
            }
            guard state.nodes.removeValue(forKey: path) != nil else { throw missing(path, doing) }
        }
    }

    func rename(_ source: String, to destination: String, replacing: Bool) async throws {
        try state.withLock { state in
            guard let node = state.nodes[source] else { throw missing(source, "rename") }
            guard state.nodes[RemotePath.parent(of: destination)] != nil else { throw missing(source, "rename") }
            guard replacing || state.nodes[destination] == nil else {
                throw FileSystemError(.alreadyExists, location: location, path: destination, detail: "rename failed: File exists")
            }
            state.nodes[source] = nil
            state.nodes[destination] = RemoteFile(path: destination, attributes: node.attributes)
        }
    }

    func setAttributes(_ path: String, _ changes: FileAttributes) async throws {
        try state.withLock { state in
            guard var node = state.nodes[path] else { throw missing(path, "setstat") }
            if let mode = changes.mode { node.attributes.mode = (node.attributes.mode ?? 0) & 0o170000 | mode }
            state.nodes[path] = node
        }
    }

    private func unsupported(_ path: String) -> FileSystemError {
        FileSystemError(.unsupported, location: location, path: path, detail: "not in this test")
    }

    func symlink(at path: String, pointingTo target: String) async throws { throw unsupported(path) }
    func readlink(_ path: String) async throws -> String { throw unsupported(path) }
    func openForReading(_ path: String) async throws -> any FileReader { throw unsupported(path) }
    func openForWriting(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> any FileWriter { throw unsupported(path) }
    func createPartial(_ path: String, permissions: UInt32) async throws -> any PartialWriter { throw unsupported(path) }
    func openPartial(_ path: String, wait: Bool) async throws -> any PartialWriter { throw unsupported(path) }
    func usage(of path: String) async throws -> FileSystemUsage { throw unsupported(path) }
    func hardlink(at path: String, pointingTo target: String) async throws { throw unsupported(path) }
    func openForFlushing(_ path: String) async throws -> any FileFlusher { throw unsupported(path) }
    func openToWriteBeside(_ path: String, accessed stamp: Int64, owner: UInt32) async throws -> any FileWriter {
        throw unsupported(path)
    }
    func copyData(from source: any FileReader, at sourceOffset: UInt64, count: UInt64, to destination: any FileWriter, at destinationOffset: UInt64) async throws {
        throw unsupported("")
    }
    func close() async {}
}
