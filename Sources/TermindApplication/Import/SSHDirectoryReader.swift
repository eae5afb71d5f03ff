import TermindDomain

/// The port to the folder an import reads (`~/.ssh` by default): a recursive walk that stays
/// inside the folder, and a fresh read of one file for commit.
///
/// Implementations never follow a symlink out of the folder, never read more than
/// `SSHDirectoryLimits.maximumFileSize` bytes of a file, and report what they skip instead of
/// failing the walk. `Sendable`: a value over the file system.
public protocol SSHDirectoryReader: Sendable {
    /// Calls `visit` for every file and every skipped path under `folder` (an absolute path), in
    /// path order. Throws `ImportFailure.folderUnreadable` when the folder itself cannot be read.
    func walk(_ folder: String, visit: (SSHDirectoryEntry) throws -> Void) throws

    /// The content of one file now, for commit's digest check. Throws
    /// `ImportFailure.sourceUnreadable` when it is gone, unreadable or too large.
    func read(_ path: String) throws -> Secret
}

/// The bounds every `SSHDirectoryReader` keeps.
public enum SSHDirectoryLimits {
    /// Files larger than 1 MiB are listed, not read: no ssh config, key or known_hosts file is
    /// that large, and a large file in `~/.ssh` is more likely a log or an archive.
    public static let maximumFileSize = 1 << 20
}
