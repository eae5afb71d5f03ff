import Glibc
import TermindApplication
import TermindDomain

/// Where a system call on a local path starts: a directory descriptor and the name in it, for
/// the `*at` calls (`fstatat`, `mkdirat`, `openat`, `renameat`, `linkat`, `unlinkat`,
/// `symlinkat`). A path below a confined file system's root is walked from the root one
/// component at a time (`openat(O_PATH|O_DIRECTORY|O_NOFOLLOW)`), so no symlink below the
/// root is ever followed, however it got there; any other path starts at the working
/// directory as the system resolves it (`AT_FDCWD`, the whole path as the name).
///
/// Owns its descriptor: `close()` it when done (the descriptor is not shared).
struct LocalPathAnchor {
    /// The directory to resolve `name` in: `AT_FDCWD` or a descriptor this anchor owns.
    let directory: Int32
    /// The last component below the root, or the whole path.
    let name: String
    /// The path as the caller gave it, for messages.
    let path: String
    /// The root itself (resolved as named, followed if a symlink).
    let isRoot: Bool

    /// `O_PATH` from <fcntl.h>: a descriptor that only locates a directory (no read permission
    /// needed on it, nothing read through it).
    static let pathOnly: Int32 = 0o10000000

    func close() {
        if directory != AT_FDCWD { Glibc.close(directory) }
    }

    /// `path` resolved against `root` (nil: not confined).
    /// - Parameter doing: what the call is for, for the message when resolving fails.
    static func resolve(_ path: String, root: String?, doing: String) throws -> LocalPathAnchor {
        guard let root, let components = try components(of: path, below: root) else {
            return LocalPathAnchor(directory: AT_FDCWD, name: path, path: path, isRoot: false)
        }
        guard let last = components.last else {
            return LocalPathAnchor(directory: AT_FDCWD, name: path, path: path, isRoot: true)
        }
        // The root as the person named it: a symlink there is their choice and is followed.
        var directory = NameBytes.withCString(root) { open($0, pathOnly | O_DIRECTORY | O_CLOEXEC) }
        guard directory >= 0 else { throw FileSystemError(errno: errno, "\(doing) \(path)", path: root) }
        for (depth, component) in components.dropLast().enumerated() {
            let next = NameBytes.withCString(component) { openat(directory, $0, pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if next >= 0 {
                Glibc.close(directory)
                directory = next
                continue
            }
            let code = errno
            let reached = joined(root, components[...depth])
            var status = Glibc.stat()
            let isSymlink = (code == ENOTDIR || code == ELOOP)
                && NameBytes.withCString(component) { fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
                && (status.st_mode & S_IFMT) == S_IFLNK
            Glibc.close(directory)
            if isSymlink {
                throw FileSystemError(.unexpectedFile, location: "local", path: reached, detail:
                    "\(doing) \(path): this is a symbolic link where a directory is expected, and it is never followed")
            }
            throw FileSystemError(errno: code, "\(doing) (at \(reached))", path: path)
        }
        return LocalPathAnchor(directory: directory, name: last, path: path, isRoot: false)
    }

    /// The components of `path` below `root` (empty for the root itself), compared as bytes;
    /// nil when `path` is not below `root`. `.` and empty components are dropped; `..` would
    /// climb out of the root and is refused.
    static func components(of path: String, below root: String) throws -> [String]? {
        let slash = UInt8(ascii: "/")
        let rootBytes = trimmed(NameBytes.bytes(root))
        let pathBytes = trimmed(NameBytes.bytes(path))
        let rest: ArraySlice<UInt8>
        if rootBytes == [UInt8(ascii: ".")] {
            guard pathBytes.first != slash else { return nil }
            rest = pathBytes[...]
        } else if rootBytes == [slash] {
            guard pathBytes.first == slash else { return nil }
            rest = pathBytes.dropFirst()
        } else if pathBytes == rootBytes {
            return []
        } else if pathBytes.count > rootBytes.count, pathBytes.starts(with: rootBytes), pathBytes[rootBytes.count] == slash {
            rest = pathBytes.dropFirst(rootBytes.count + 1)
        } else {
            return nil
        }
        var components: [String] = []
        for component in rest.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                throw FileSystemError(.unexpectedFile, location: "local", path: path, detail:
                    "its '..' would lead out of the destination directory \(root); nothing is written there")
            }
            components.append(NameBytes.string(component))
        }
        return components
    }

    /// Trailing slashes dropped (the root `/` kept).
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return bytes
    }

    private static func joined(_ root: String, _ components: ArraySlice<String>) -> String {
        let below = components.joined(separator: "/")
        return root == "." ? below : RemotePath.join(root, below)
    }
}
