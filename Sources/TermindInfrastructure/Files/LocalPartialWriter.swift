import Glibc
import TermindApplication
import TermindDomain

/// A partial file on this machine, open read-write and exclusively locked (`flock`) by this
/// writer until closed: created by `LocalFileSystem.createPartial` or taken over by
/// `openPartial`. Reads, truncation and attributes go through the descriptor (`pread`,
/// `ftruncate`, `fchmod`, `futimens`), never through the name.
///
/// `Sendable`: it holds only its `LocalOpenFile` and immutable values.
final class LocalPartialWriter: PartialWriter {
    let preferredChunkSize = LocalFileSystem.chunkSize
    let identity: FileIdentity
    private let file: LocalOpenFile
    private let writeback = WritebackPacer()
    /// Looks at the name again as it was resolved (confined or not).
    private let fileSystem: LocalFileSystem
    private var path: String { file.path }

    /// - Parameter descriptor: open read-write and already locked.
    init(descriptor: Int32, path: String, status: Glibc.stat, fileSystem: LocalFileSystem) {
        file = LocalOpenFile(descriptor: descriptor, path: path)
        identity = Self.identity(status)
        self.fileSystem = fileSystem
    }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        try file.write(bytes, at: offset)
        writeback.wrote(through: offset + UInt64(bytes.count), descriptor: try file.liveDescriptor("cannot write"))
    }
    func synchronize() async throws { try await file.synchronize() }
    func close() async throws { try file.close() }
    func read(at offset: UInt64, count: Int) async throws -> [UInt8] { try file.read(at: offset, count: count) }

    func currentIdentity() async throws -> FileIdentity { Self.identity(try file.status()) }

    func namedIdentity() async throws -> FileIdentity? {
        let open = try file.status()
        guard let named = try fileSystem.namedStatus(path),
            named.st_dev == open.st_dev && named.st_ino == open.st_ino && (named.st_mode & S_IFMT) == S_IFREG
        else { return nil }
        return Self.identity(named)
    }

    func truncate(to size: UInt64) async throws {
        let descriptor = try file.liveDescriptor("cannot change the size")
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw FileSystemError(errno: errno, "cannot change the size", path: path) }
    }

    /// Mode, then the times (changing the mode does not move the mtime).
    func setAttributes(_ changes: FileAttributes) async throws {
        let descriptor = try file.liveDescriptor("cannot change the attributes")
        if let size = changes.size { try await truncate(to: size) }
        if let mode = changes.mode, fchmod(descriptor, mode_t(mode & 0o7777)) != 0 {
            throw FileSystemError(errno: errno, "cannot change the permissions", path: path)
        }
        if changes.accessed != nil || changes.modified != nil {
            let omit = timespec(tv_sec: 0, tv_nsec: LocalFileSystem.utimeOmit)
            var times = [
                changes.accessed.map { timespec(tv_sec: Int($0), tv_nsec: 0) } ?? omit,
                changes.modified.map { timespec(tv_sec: Int($0), tv_nsec: 0) } ?? omit,
            ]
            guard futimens(descriptor, &times) == 0 else { throw FileSystemError(errno: errno, "cannot change the times", path: path) }
        }
    }

    static func identity(_ status: Glibc.stat) -> FileIdentity {
        FileIdentity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), userID: status.st_uid,
            size: UInt64(max(0, status.st_size)), modified: Int64(status.st_mtim.tv_sec))
    }
}
