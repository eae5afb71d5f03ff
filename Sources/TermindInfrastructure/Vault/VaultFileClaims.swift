import Foundation
import Synchronization
import TermindApplication

/// Which Vault files this process holds open through SQLite, counted per file (device and
/// inode), so that the header check before an open never closes a descriptor of a file the
/// process already holds.
///
/// SQLite keeps its locks with POSIX `fcntl`, which a process loses on a file the moment it
/// closes *any* descriptor of that file. A second `VaultDatabase` of the same file (`termind
/// demo` makes the Vault, then the workbench opens it again) reading the header with a plain
/// `open`/`close` dropped the first connection's shared lock; the next termind to close its
/// own connection then believed itself the last one and deleted the WAL the first was still
/// writing to, losing every later write. The header is therefore read only by the first claim
/// of a file: a later one knows it is a database, and the migrator still refuses a newer schema
/// through SQLite.
enum VaultFileClaims {
    /// A file as the kernel knows it.
    struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// One connection's hold on a file; `release` it once its connection is closed.
    struct Claim: Sendable {
        fileprivate let file: FileIdentity

        func release() {
            VaultFileClaims.held.withLock { held in
                held[file, default: 1] -= 1
                if held[file] == 0 { held[file] = nil }
            }
        }
    }

    private static let held = Mutex<[FileIdentity: Int]>([:])

    /// Claims `path` for a connection about to be opened. `firstOpen` runs only when no
    /// connection of this process holds the file (it may read the header and create the file);
    /// it runs under the registry's lock, so no other connection can open in between.
    static func claim(_ path: String, firstOpen: () throws -> Void) throws -> Claim {
        try held.withLock { held in
            if let file = identity(of: path), held[file] != nil {
                held[file, default: 0] += 1
                return Claim(file: file)
            }
            try firstOpen()
            guard let file = identity(of: path) else {
                throw VaultUnavailable(errno: errno, "cannot read \(path)", location: path)
            }
            held[file, default: 0] += 1
            return Claim(file: file)
        }
    }

    private static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
