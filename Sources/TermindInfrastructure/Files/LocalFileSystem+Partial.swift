import Glibc
import TermindApplication
import TermindDomain

/// Partials on this machine: created so they appear at their name already locked, and taken
/// over only when they are this user's regular file and no other writer holds them.
extension LocalFileSystem {
    /// Makes a new file under a random name beside `path` (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode
    /// `permissions`), locks it, then links it to `path`: `link` never follows or replaces what
    /// is at the name, so a planted symlink fails it (`.alreadyExists`), and no other process
    /// can lock the partial before this writer holds it. The random name ends like a partial's
    /// (`.termind-RANDOM.termind-partial`), so one a crash leaves behind is never copied as a
    /// file of a tree. Where the file system has no hard links, `open(O_CREAT|O_EXCL|O_NOFOLLOW)`
    /// at the name, then `flock`. Both names are in the one directory the path resolves to
    /// (`LocalPathAnchor`), and every call works relative to it.
    public func createPartial(_ path: String, permissions: UInt32) async throws -> any PartialWriter {
        let anchor = try anchor(path, "cannot create the partial file")
        defer { anchor.close() }
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<16 {
            temporary = RemotePath.sibling(of: anchor.name, named: ".termind-\(Self.randomTag())\(PartialFileName.suffix)")
            assert(Self.isCreationName(RemotePath.name(of: temporary)))
            descriptor = NameBytes.withCString(temporary) {
                openat(anchor.directory, $0, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions & 0o777))
            }
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot create the partial file", path: path) }
        defer { _ = NameBytes.withCString(temporary) { unlinkat(anchor.directory, $0, 0) } }
        func fail(_ code: Int32, _ doing: String) -> FileSystemError {
            Glibc.close(descriptor)
            return FileSystemError(errno: code, doing, path: path)
        }
        // The mode asked for, whatever the umask took away.
        guard fchmod(descriptor, mode_t(permissions & 0o777)) == 0 else { throw fail(errno, "cannot set the partial file's mode") }
        let locked = (try? await LocalFileLock.lock(descriptor, wait: false)) ?? EWOULDBLOCK
        guard locked == 0 else { throw fail(locked, "cannot lock the new partial file") }
        let linked = NameBytes.withCString(temporary) { old in
            NameBytes.withCString(anchor.name) { linkat(anchor.directory, old, anchor.directory, $0, 0) }
        }
        if linked != 0 {
            let code = errno
            guard code == EPERM || code == ENOSYS || code == EOPNOTSUPP || code == EMLINK else {
                throw fail(code, "cannot create the partial file")
            }
            Glibc.close(descriptor)
            return try await createPartialWithoutLinks(anchor, permissions: permissions)
        }
        var status = Glibc.stat()
        guard fstat(descriptor, &status) == 0 else { throw fail(errno, "cannot inspect the partial file") }
        return LocalPartialWriter(descriptor: descriptor, path: path, status: status, fileSystem: self)
    }

    /// 16 random hex digits.
    private static func randomTag() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private func createPartialWithoutLinks(_ anchor: LocalPathAnchor, permissions: UInt32) async throws -> any PartialWriter {
        let path = anchor.path
        let descriptor = NameBytes.withCString(anchor.name) {
            openat(anchor.directory, $0, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions & 0o777))
        }
        guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot create the partial file", path: path) }
        let locked = (try? await LocalFileLock.lock(descriptor, wait: false)) ?? EWOULDBLOCK
        var status = Glibc.stat()
        guard locked == 0, fstat(descriptor, &status) == 0 else {
            // Locked by another in the instant after creation: it is that writer's now.
            Glibc.close(descriptor)
            throw FileSystemError(.busy, location: location, path: path, detail: "another writer holds the partial file's lock")
        }
        return LocalPartialWriter(descriptor: descriptor, path: path, status: status, fileSystem: self)
    }

    /// Looks at the name without following it (`lstat`): only a regular file of this user is
    /// opened, with `O_NOFOLLOW|O_NONBLOCK` (a FIFO or device is never opened), and the open
    /// file must be the one looked at (`fstat`: same device and inode). Its lock is then taken
    /// (waited for with `wait`); once held, the name must still lead to it (its writer may have
    /// committed it meanwhile: `.noSuchFile`) and it must have a single link.
    public func openPartial(_ path: String, wait: Bool) async throws -> any PartialWriter {
        let anchor = try anchor(path, "cannot open the partial file")
        defer { anchor.close() }
        var named = Glibc.stat()
        guard NameBytes.withCString(anchor.name, { fstatat(anchor.directory, $0, &named, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw FileSystemError(errno: errno, "cannot inspect", path: path)
        }
        try Self.requireOwnRegularFile(named, path: path)
        let descriptor = NameBytes.withCString(anchor.name) {
            openat(anchor.directory, $0, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw Self.unexpected(path, "it is a symbolic link") }
            throw FileSystemError(errno: code, "cannot open the partial file", path: path)
        }
        func refuse(_ error: FileSystemError) -> FileSystemError {
            Glibc.close(descriptor)
            return error
        }
        var opened = Glibc.stat()
        guard fstat(descriptor, &opened) == 0 else { throw refuse(FileSystemError(errno: errno, "cannot inspect", path: path)) }
        guard opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else {
            throw refuse(Self.unexpected(path, "it was replaced while it was being opened"))
        }
        let locked: Int32
        do {
            locked = try await LocalFileLock.lock(descriptor, wait: wait)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        guard locked == 0 else {
            if locked == EWOULDBLOCK {
                throw refuse(FileSystemError(.busy, location: location, path: path, detail: "another writer holds the partial file's lock"))
            }
            throw refuse(FileSystemError(errno: locked, "cannot lock the partial file", path: path))
        }
        var now = Glibc.stat()
        guard NameBytes.withCString(anchor.name, { fstatat(anchor.directory, $0, &now, AT_SYMLINK_NOFOLLOW) }) == 0,
            now.st_dev == opened.st_dev, now.st_ino == opened.st_ino
        else {
            throw refuse(FileSystemError(.noSuchFile, location: location, path: path, detail: "its writer committed or removed it"))
        }
        guard fstat(descriptor, &opened) == 0 else { throw refuse(FileSystemError(errno: errno, "cannot inspect", path: path)) }
        if opened.st_nlink == 2, Self.removeCreationName(of: opened, in: anchor) {
            guard fstat(descriptor, &opened) == 0 else { throw refuse(FileSystemError(errno: errno, "cannot inspect", path: path)) }
        }
        guard opened.st_nlink == 1 else {
            throw refuse(Self.unexpected(path, "it has \(opened.st_nlink) hard links: another name leads to the same file"))
        }
        return LocalPartialWriter(descriptor: descriptor, path: path, status: opened, fileSystem: self)
    }

    /// A run killed between linking its new partial to the partial's name and removing the
    /// name it was made under (`createPartial`) leaves that name as a second link. With the
    /// lock held (so its creator is gone), the second link is removed when it is such a name
    /// in the same directory: `.termind-` and 16 hex digits, then the partial's suffix. Any
    /// other second name (the destination itself, a link planted anywhere) stays, and is
    /// refused. True when one was removed.
    private static func removeCreationName(of file: Glibc.stat, in anchor: LocalPathAnchor) -> Bool {
        // The anchor's directory may be O_PATH (not readable) or the working directory with
        // the name a whole path: the name's own directory, opened to read.
        let parent = NameBytes.withCString(RemotePath.parent(of: anchor.name)) {
            openat(anchor.directory, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard parent >= 0, let stream = fdopendir(parent) else {
            if parent >= 0 { Glibc.close(parent) }
            return false
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard isCreationName(name) else { continue }
            var status = Glibc.stat()
            guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                status.st_dev == file.st_dev, status.st_ino == file.st_ino
            else { continue }
            return unlinkat(parent, name, 0) == 0
        }
        return false
    }

    /// Whether `name` is one `createPartial` makes a new partial under.
    private static func isCreationName(_ name: String) -> Bool {
        let prefix = ".termind-"
        guard name.hasPrefix(prefix), name.hasSuffix(PartialFileName.suffix) else { return false }
        let tag = name.utf8.dropFirst(prefix.utf8.count).dropLast(PartialFileName.suffix.utf8.count)
        return tag.count == 16 && tag.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func requireOwnRegularFile(_ status: Glibc.stat, path: String) throws {
        let kind = FileKind(mode: status.st_mode)
        guard kind == .file else { throw unexpected(path, "it is \(kind.partialDescription)") }
        guard status.st_uid == geteuid() else {
            throw unexpected(path, "it belongs to user \(status.st_uid), not to this user (\(geteuid()))")
        }
    }

    private static func unexpected(_ path: String, _ detail: String) -> FileSystemError {
        FileSystemError(.unexpectedFile, location: "local", path: path, detail: detail)
    }
}
