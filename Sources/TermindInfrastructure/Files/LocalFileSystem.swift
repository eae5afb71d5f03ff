import Glibc
import TermindApplication
import TermindDomain

/// This machine's file system behind the `FileSystem` port, with POSIX calls: the local side
/// of uploads and downloads. `errno` becomes a `FileSystemError` kind naming the path, with
/// the system's message (`ENOSPC` is `.noSpace`).
///
/// Confined to a root (`confined(to:)`, what a Batch writing here uses), every call that looks
/// at, creates, changes, renames or removes something below the root resolves its path from
/// the root without following a symlink (`LocalPathAnchor`) and works on the last component
/// with the `*at` calls; reading (`list`, `stat`, `readlink`, `realpath`, `openForReading`)
/// follows paths as the system does, as their meaning says.
///
/// Calls block their thread for the duration of one system call (local disks answer in
/// microseconds; reads and writes at explicit offsets run concurrently with `pread`/`pwrite`).
/// A plain value; `Sendable`.
public struct LocalFileSystem: ConfinableFileSystem {
    /// Read and write size: large enough that a local copy is not bound by call overhead.
    public static let chunkSize = 256 << 10

    public let location = "local"
    /// The directory below which no symlink is followed; nil: paths resolve as the system does.
    public let root: String?

    public init() {
        root = nil
    }

    /// This machine's file system confined to `root` (see `ConfinableFileSystem`).
    public init(confinedTo root: String) {
        self.root = root
    }

    public func confined(to root: String) -> any FileSystem {
        LocalFileSystem(confinedTo: root)
    }

    /// Where a call on `path` starts; `close()` the anchor when done.
    func anchor(_ path: String, _ doing: String) throws -> LocalPathAnchor {
        try LocalPathAnchor.resolve(path, root: root, doing: doing)
    }

    /// What is at `path` itself (`fstatat(AT_SYMLINK_NOFOLLOW)`; the root is followed); nil
    /// when nothing is there.
    func namedStatus(_ path: String) throws -> Glibc.stat? {
        let anchor = try anchor(path, "cannot inspect")
        defer { anchor.close() }
        var status = Glibc.stat()
        let flags = anchor.isRoot ? 0 : AT_SYMLINK_NOFOLLOW
        guard NameBytes.withCString(anchor.name, { fstatat(anchor.directory, $0, &status, flags) }) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(errno: errno, "cannot inspect", path: path)
        }
        return status
    }

    public func list(_ path: String) async throws -> [RemoteFile] {
        guard let directory = NameBytes.withCString(path, { opendir($0) }) else {
            throw FileSystemError(errno: errno, "cannot list the directory", path: path)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw FileSystemError(errno: errno, "cannot list the directory", path: path) }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                NameBytes.string(UnsafeBufferPointer(
                    start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                    count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        var files: [RemoteFile] = []
        files.reserveCapacity(names.count)
        for name in names {
            let child = RemotePath.join(path, name)
            var status = Glibc.stat()
            // Gone between the listing and the look: it is no longer an entry.
            guard NameBytes.withCString(child, { Glibc.lstat($0, &status) }) == 0 else {
                if errno == ENOENT { continue }
                throw FileSystemError(errno: errno, "cannot inspect", path: child)
            }
            files.append(RemoteFile(path: child, attributes: Self.attributes(status)))
        }
        return files
    }

    public func stat(_ path: String) async throws -> RemoteFile {
        var status = Glibc.stat()
        guard followingStat(path, &status) == 0 else { throw FileSystemError(errno: errno, "cannot inspect", path: path) }
        return RemoteFile(path: path, attributes: Self.attributes(status))
    }

    public func lstat(_ path: String) async throws -> RemoteFile {
        guard let status = try namedStatus(path) else {
            throw FileSystemError(errno: ENOENT, "cannot inspect", path: path)
        }
        return RemoteFile(path: path, attributes: Self.attributes(status))
    }

    public func realpath(_ path: String) async throws -> String {
        guard let resolved = NameBytes.withCString(path, { Glibc.realpath($0, nil) }) else {
            throw FileSystemError(errno: errno, "cannot resolve the path", path: path)
        }
        defer { free(resolved) }
        return NameBytes.string(UnsafeBufferPointer(
            start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    public func makeDirectory(_ path: String, permissions: UInt32) async throws {
        let anchor = try anchor(path, "cannot create the directory")
        defer { anchor.close() }
        guard NameBytes.withCString(anchor.name, { mkdirat(anchor.directory, $0, mode_t(permissions & 0o7777)) }) == 0 else {
            throw FileSystemError(errno: errno, "cannot create the directory", path: path)
        }
    }

    public func removeDirectory(_ path: String) async throws {
        let anchor = try anchor(path, "cannot remove the directory")
        defer { anchor.close() }
        guard NameBytes.withCString(anchor.name, { unlinkat(anchor.directory, $0, AT_REMOVEDIR) }) == 0 else {
            throw FileSystemError(errno: errno, "cannot remove the directory", path: path)
        }
    }

    public func remove(_ path: String) async throws {
        let anchor = try anchor(path, "cannot remove")
        defer { anchor.close() }
        guard NameBytes.withCString(anchor.name, { unlinkat(anchor.directory, $0, 0) }) == 0 else {
            throw FileSystemError(errno: errno, "cannot remove", path: path)
        }
    }

    /// Without `replacing`, `renameat2(RENAME_NOREPLACE)` refuses an existing destination in the
    /// kernel; where the file system lacks it, a hard link (which never replaces) and an unlink
    /// of the old name do the same for files.
    public func rename(_ source: String, to destination: String, replacing: Bool) async throws {
        let doing = "cannot rename \(source) to \(destination)"
        let from = try anchor(source, doing)
        defer { from.close() }
        let to = try anchor(destination, doing)
        defer { to.close() }
        func names<T>(_ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> T) -> T {
            NameBytes.withCString(from.name) { old in NameBytes.withCString(to.name) { new in body(old, new) } }
        }
        if replacing {
            guard names({ renameat(from.directory, $0, to.directory, $1) }) == 0 else {
                throw FileSystemError(errno: errno, doing, path: source)
            }
            return
        }
        if let renameat2 = Self.renameat2 {
            if names({ renameat2(from.directory, $0, to.directory, $1, Self.renameNoReplace) }) == 0 { return }
            let code = errno
            guard code == EINVAL || code == ENOSYS || code == EOPNOTSUPP else {
                throw FileSystemError(errno: code, doing, path: code == EEXIST ? destination : source)
            }
        }
        guard names({ linkat(from.directory, $0, to.directory, $1, 0) }) == 0 else {
            throw FileSystemError(errno: errno, doing, path: errno == EEXIST ? destination : source)
        }
        guard NameBytes.withCString(from.name, { unlinkat(from.directory, $0, 0) }) == 0 else {
            throw FileSystemError(errno: errno, "cannot remove the old name after renaming to \(destination)", path: source)
        }
    }

    public func symlink(at path: String, pointingTo target: String) async throws {
        let anchor = try anchor(path, "cannot create the symlink")
        defer { anchor.close() }
        let made = NameBytes.withCString(target) { target in
            NameBytes.withCString(anchor.name) { symlinkat(target, anchor.directory, $0) }
        }
        guard made == 0 else { throw FileSystemError(errno: errno, "cannot create the symlink", path: path) }
    }

    public func readlink(_ path: String) async throws -> String {
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = NameBytes.withCString(path) { Glibc.readlink($0, &buffer, capacity) }
            guard count >= 0 else { throw FileSystemError(errno: errno, "cannot read the symlink", path: path) }
            if count < capacity {
                return NameBytes.string(buffer[..<count].map { UInt8(bitPattern: $0) })
            }
            capacity *= 4
        }
    }

    /// Size first (truncating moves the mtime), then owner, mode, and the times last, all
    /// through a descriptor opened without following a symlink (`O_NOFOLLOW`, checked by
    /// `fstat` against `lstat`): a link planted at the name, in a directory others can write,
    /// never redirects a chmod, chown or utimes to another file. Only a regular file or a
    /// directory is changed; anything else is `.unexpectedFile`.
    public func setAttributes(_ path: String, _ changes: FileAttributes) async throws {
        let anchor = try anchor(path, "cannot change the attributes of")
        defer { anchor.close() }
        var named = Glibc.stat()
        guard NameBytes.withCString(anchor.name, { fstatat(anchor.directory, $0, &named, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw FileSystemError(errno: errno, "cannot inspect", path: path)
        }
        let kind = FileKind(mode: named.st_mode)
        guard kind == .file || kind == .directory else {
            throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                "cannot change its attributes: it is \(kind.partialDescription), which is never followed")
        }
        let access = changes.size != nil ? O_WRONLY : O_RDONLY
        let descriptor = NameBytes.withCString(anchor.name) {
            openat(anchor.directory, $0, access | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                    "cannot change its attributes: it became a symbolic link, which is never followed")
            }
            throw FileSystemError(errno: errno, "cannot open to change the attributes", path: path)
        }
        defer { Glibc.close(descriptor) }
        var opened = Glibc.stat()
        guard fstat(descriptor, &opened) == 0 else { throw FileSystemError(errno: errno, "cannot inspect", path: path) }
        guard opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else {
            throw FileSystemError(.unexpectedFile, location: location, path: path, detail:
                "cannot change its attributes: it was replaced while being opened")
        }
        if let size = changes.size, ftruncate(descriptor, off_t(size)) != 0 {
            throw FileSystemError(errno: errno, "cannot change the size", path: path)
        }
        if changes.userID != nil || changes.groupID != nil {
            let user = changes.userID.map { uid_t($0) } ?? uid_t.max
            let group = changes.groupID.map { gid_t($0) } ?? gid_t.max
            guard fchown(descriptor, user, group) == 0 else { throw FileSystemError(errno: errno, "cannot change the owner", path: path) }
        }
        if let mode = changes.mode, fchmod(descriptor, mode_t(mode & 0o7777)) != 0 {
            throw FileSystemError(errno: errno, "cannot change the permissions", path: path)
        }
        if changes.accessed != nil || changes.modified != nil {
            let omit = timespec(tv_sec: 0, tv_nsec: Self.utimeOmit)
            var times = [
                changes.accessed.map { timespec(tv_sec: Int($0), tv_nsec: 0) } ?? omit,
                changes.modified.map { timespec(tv_sec: Int($0), tv_nsec: 0) } ?? omit,
            ]
            guard futimens(descriptor, &times) == 0 else {
                throw FileSystemError(errno: errno, "cannot change the times", path: path)
            }
        }
    }

    public func openForReading(_ path: String) async throws -> any FileReader {
        let descriptor = NameBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot open for reading", path: path) }
        return LocalFileReader(descriptor: descriptor, path: path)
    }

    public func openForWriting(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> any FileWriter {
        // Never through a symlink at the name: a planted link must not redirect the bytes.
        var flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW
        switch mode {
        case .createNew: flags |= O_EXCL
        case .truncate: flags |= O_TRUNC
        case .keep: break
        }
        let anchor = try anchor(path, "cannot open for writing")
        defer { anchor.close() }
        let descriptor = NameBytes.withCString(anchor.name) {
            openat(anchor.directory, $0, flags, mode_t(permissions & 0o7777))
        }
        guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot open for writing", path: path) }
        return LocalFileWriter(descriptor: descriptor, path: path)
    }

    static func attributes(_ status: Glibc.stat) -> FileAttributes {
        FileAttributes(
            size: UInt64(max(0, status.st_size)), userID: status.st_uid, groupID: status.st_gid, mode: status.st_mode,
            accessed: Int64(status.st_atim.tv_sec), modified: Int64(status.st_mtim.tv_sec))
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2`, which Swift's Glibc module does not declare (it needs _GNU_SOURCE).
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// `UTIME_OMIT` from <sys/stat.h> (a macro Swift does not import): leave that time alone.
    static let utimeOmit = (1 << 30) - 2

    /// `RENAME_NOREPLACE` from <linux/fs.h>.
    private static let renameNoReplace: UInt32 = 1
}

/// `stat(2)`, out of the struct whose own `stat` method hides the system's name.
private func followingStat(_ path: String, _ status: inout Glibc.stat) -> Int32 {
    NameBytes.withCString(path) { stat($0, &status) }
}
