import Synchronization
import TermindApplication
import TermindDomain

/// A file system that forwards to another and loses its "connection" once a budget of written
/// bytes is spent: every later call fails with `.connectionLost`, as an SFTP channel that
/// dropped would. For resuming real local transfers.
final class DroppingFileSystem: FileSystem {
    private let base: any FileSystem
    private let budget: Mutex<UInt64?>

    init(_ base: any FileSystem, dropAfterWriting bytes: UInt64) {
        self.base = base
        budget = Mutex(bytes)
    }

    var location: String { base.location }

    fileprivate func spend(_ count: Int, path: String) throws {
        try budget.withLock { budget in
            guard let left = budget, left >= UInt64(count) else {
                budget = nil
                throw lost(path)
            }
            budget = left - UInt64(count)
        }
    }

    private func check(_ path: String) throws {
        if budget.withLock({ $0 == nil }) { throw lost(path) }
    }

    private func lost(_ path: String) -> FileSystemError {
        FileSystemError(.connectionLost, location: location, path: path, detail: "the connection was lost")
    }

    func list(_ path: String) async throws -> [RemoteFile] { try check(path); return try await base.list(path) }
    func stat(_ path: String) async throws -> RemoteFile { try check(path); return try await base.stat(path) }
    func lstat(_ path: String) async throws -> RemoteFile { try check(path); return try await base.lstat(path) }
    func realpath(_ path: String) async throws -> String { try check(path); return try await base.realpath(path) }
    func makeDirectory(_ path: String, permissions: UInt32) async throws {
        try check(path)
        try await base.makeDirectory(path, permissions: permissions)
    }
    func removeDirectory(_ path: String) async throws { try check(path); try await base.removeDirectory(path) }
    func remove(_ path: String) async throws { try check(path); try await base.remove(path) }
    func rename(_ source: String, to destination: String, replacing: Bool) async throws {
        try check(source)
        try await base.rename(source, to: destination, replacing: replacing)
    }
    func symlink(at path: String, pointingTo target: String) async throws {
        try check(path)
        try await base.symlink(at: path, pointingTo: target)
    }
    func readlink(_ path: String) async throws -> String { try check(path); return try await base.readlink(path) }
    func setAttributes(_ path: String, _ changes: FileAttributes) async throws {
        try check(path)
        try await base.setAttributes(path, changes)
    }
    func openForReading(_ path: String) async throws -> any FileReader {
        try check(path)
        return try await base.openForReading(path)
    }
    func openForWriting(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> any FileWriter {
        try check(path)
        return Writer(base: try await base.openForWriting(path, mode, permissions: permissions), owner: self, path: path)
    }

    private struct Writer: FileWriter {
        let base: any FileWriter
        let owner: DroppingFileSystem
        let path: String
        var preferredChunkSize: Int { base.preferredChunkSize }

        func write(_ bytes: [UInt8], at offset: UInt64) async throws {
            try owner.spend(bytes.count, path: path)
            try await base.write(bytes, at: offset)
        }

        func synchronize() async throws { try await base.synchronize() }
        func close() async throws { try await base.close() }
    }
}
