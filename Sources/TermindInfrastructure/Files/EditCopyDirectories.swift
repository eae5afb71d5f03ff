import Glibc
import TermindApplication
import TermindDomain

/// An edit's managed local copies under `$XDG_CACHE_HOME/termind/edit/` (docs/behaviour.md
/// §4): one new directory per edit, mode 0700. The cache directory itself is the person's
/// choice (created 0700 when missing, a symlink there followed); `termind/` and `edit/` below
/// it are reached without following a symlink and must be this user's directories, so a link
/// or directory someone planted there is refused, never written through. A plain value.
public struct EditCopyDirectories: EditCopyStore {
    /// The cache directory (`$XDG_CACHE_HOME`, else `~/.cache`): `termind/edit` goes below.
    public let cacheBase: String

    public init(cacheBase: String) {
        self.cacheBase = cacheBase
    }

    /// The store below `paths.cacheDirectory`'s parent (`.../termind` is one of the checked
    /// components).
    public init(paths: XDGPaths) {
        self.init(cacheBase: RemotePath.parent(of: paths.cacheDirectory))
    }

    /// `<cache>/termind/edit`.
    public var directory: String { cacheBase + "/termind/edit" }

    public func makeDirectory(for file: TransferAddress) throws -> String {
        let edit = try openEditDirectory()
        defer { close(edit) }
        for _ in 0..<16 {
            let name = EditCopyName.directory(location: file.location, path: file.path, random: Self.randomLetters(8))
            let made = NameBytes.withCString(name) { mkdirat(edit, $0, 0o700) }
            if made != 0 && errno == EEXIST { continue }
            guard made == 0 else {
                throw FileSystemError(errno: errno, "cannot create a directory for the edit's copy", path: directory + "/" + name)
            }
            let own = try privateDirectory(name, in: edit, path: directory + "/" + name)
            close(own)
            return directory + "/" + name
        }
        throw FileSystemError(.alreadyExists, location: "local", path: directory, detail: "cannot find a free name for the edit's copy")
    }

    /// An exclusive `flock` on `edit/LABEL-KEY.lock` (`EditCopyName.lock`), one file per
    /// remote file, held by the returned lock, which removes the file as it lets go. A lock
    /// taken on a file that was removed meanwhile (its holder let go) is taken again on the
    /// name's new file, so two edits never hold two files of one name.
    public func lock(_ file: TransferAddress) throws -> (any EditLock)? {
        let edit = try openEditDirectory()
        defer { close(edit) }
        let name = EditCopyName.lock(location: file.location, path: file.path)
        let path = directory + "/" + name
        while true {
            let descriptor = NameBytes.withCString(name) { openat(edit, $0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            guard descriptor >= 0 else { throw FileSystemError(errno: errno, "cannot open the edit's lock file", path: path) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
                close(descriptor)
                throw FileSystemError(.unexpectedFile, location: "local", path: path, detail:
                    "is not a regular file of yours, where Termind keeps an edit's lock: remove it and edit again")
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                let holder = EditCopyLock.note(in: descriptor)
                close(descriptor)
                guard code == EWOULDBLOCK else { throw FileSystemError(errno: code, "cannot lock the edit's lock file", path: path) }
                throw RemoteEditError(
                    .beingEdited, file,
                    "is already being edited by another termind edit on this machine (\(holder ?? "its process did not say which")); "
                        + "finish that edit first: of two edits of one file, the second would undo the first")
            }
            var named = stat()
            let stillNamed = NameBytes.withCString(name) { fstatat(edit, $0, &named, AT_SYMLINK_NOFOLLOW) } == 0
                && named.st_ino == status.st_ino && named.st_dev == status.st_dev
            if stillNamed { return EditCopyLock(descriptor: descriptor, path: path) }
            close(descriptor)
        }
    }

    /// `<cache>/termind/edit`, opened (and made when missing) as `makeDirectory` needs it.
    private func openEditDirectory() throws -> Int32 {
        try makeBase()
        let termind = try privateDirectory(cacheBase + "/termind", in: AT_FDCWD, path: cacheBase + "/termind")
        let opened = Result { try privateDirectory("edit", in: termind, path: directory) }
        close(termind)
        return try opened.get()
    }

    /// `mkdir -p` of the cache directory, missing components 0700.
    private func makeBase() throws {
        var prefix = ""
        for component in cacheBase.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileSystemError(errno: errno, "cannot create the cache directory", path: prefix)
            }
        }
    }

    /// Opens (creating it 0700 when missing) the directory `location` in `parent`, its last
    /// component never through a symlink, and checks it is this user's; a group or other bit
    /// on it is taken away (it is this user's own). Returns its descriptor.
    private func privateDirectory(_ location: String, in parent: Int32, path: String) throws -> Int32 {
        if NameBytes.withCString(location, { mkdirat(parent, $0, 0o700) }) != 0 && errno != EEXIST {
            throw FileSystemError(errno: errno, "cannot create the directory for edit copies", path: path)
        }
        let descriptor = NameBytes.withCString(location) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            var found = stat()
            let isSymlink = (code == ELOOP || code == ENOTDIR)
                && NameBytes.withCString(location, { fstatat(parent, $0, &found, AT_SYMLINK_NOFOLLOW) }) == 0
                && found.st_mode & S_IFMT == S_IFLNK
            if isSymlink {
                throw FileSystemError(.unexpectedFile, location: "local", path: path, detail:
                    "is a symbolic link where Termind keeps its edit copies; it is never followed: remove it and edit again")
            }
            if code == ENOTDIR {
                throw FileSystemError(.unexpectedFile, location: "local", path: path, detail:
                    "is not a directory, where Termind keeps its edit copies: move it away and edit again")
            }
            throw FileSystemError(errno: code, "cannot open the directory for edit copies", path: path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FileSystemError(errno: code, "cannot inspect the directory for edit copies", path: path)
        }
        guard status.st_uid == geteuid() else {
            close(descriptor)
            throw FileSystemError(.unexpectedFile, location: "local", path: path, detail:
                "belongs to user \(status.st_uid), not to you (\(geteuid())); edit copies are kept only in your own directory: remove it and edit again")
        }
        if status.st_mode & 0o077 != 0 && fchmod(descriptor, 0o700) != 0 {
            let code = errno
            close(descriptor)
            throw FileSystemError(errno: code, "cannot make the directory for edit copies private", path: path)
        }
        return descriptor
    }

    private static func randomLetters(_ count: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<count).map { _ in letters.randomElement()! })
    }
}
