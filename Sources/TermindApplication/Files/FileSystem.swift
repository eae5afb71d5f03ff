import TermindDomain

/// A file system a transfer reads from or writes to: a server's, over SFTP
/// (`RemoteFileSystem`), or this machine's. Paths are POSIX paths on that file system.
/// Every failure is a `FileSystemError` naming the path.
///
/// Calls may run concurrently: an SFTP implementation sends each at once, so many reads or
/// writes are in flight together (pipelining), and answers are matched to their request.
public protocol FileSystem: Sendable {
    /// Where the files are, for messages and progress: `local`, or the connection's label.
    var location: String { get }

    /// The entries of a directory, without `.` and `..`, in the server's order.
    func list(_ path: String) async throws -> [RemoteFile]
    /// The same entries handed to `part` as they come (over SFTP, one READDIR reply at a time,
    /// each before the next is asked for), so a caller keeps only what it needs of a listing
    /// that may never end. Throwing from `part` (a cap reached) stops the listing; so does
    /// cancelling the task, between parts (`CancellationError`).
    func list(_ path: String, inParts part: ([RemoteFile]) async throws -> Void) async throws
    /// The entry at `path`, following symlinks.
    func stat(_ path: String) async throws -> RemoteFile
    /// The entry at `path` itself, a symlink not followed.
    func lstat(_ path: String) async throws -> RemoteFile
    /// `lstat`, nil when nothing is there: a path under a file is not there either, and need
    /// not be told apart (over SFTP, that second look would cost a round trip).
    func lstatIfPresent(_ path: String) async throws -> RemoteFile?
    /// The absolute, canonical form of `path` (`.` gives the home or working directory).
    func realpath(_ path: String) async throws -> String
    func makeDirectory(_ path: String, permissions: UInt32) async throws
    func removeDirectory(_ path: String) async throws
    func remove(_ path: String) async throws
    /// Renames `source` to `destination`. With `replacing`, an existing destination is
    /// replaced atomically (`posix-rename@openssh.com` over SFTP); without it, an existing
    /// destination is a failure (`.alreadyExists`). The destination is never unlinked first.
    func rename(_ source: String, to destination: String, replacing: Bool) async throws
    func symlink(at path: String, pointingTo target: String) async throws
    func readlink(_ path: String) async throws -> String
    /// Sets what `changes` holds (mode, times, size), leaving the rest.
    func setAttributes(_ path: String, _ changes: FileAttributes) async throws
    func openForReading(_ path: String) async throws -> any FileReader
    func openForWriting(_ path: String, _ mode: FileWriteMode, permissions: UInt32) async throws -> any FileWriter
    /// Creates `path` as a new, empty partial file with `permissions`, owned (and on this
    /// machine locked) by the writer returned: never follows or reuses what is at the name.
    /// `.alreadyExists` when anything is there, a symlink included.
    func createPartial(_ path: String, permissions: UInt32) async throws -> any PartialWriter
    /// Opens the partial file already at `path` to continue or replace it: only a regular file
    /// owned by this user, never through a symlink, checked after opening to be the file that
    /// was looked at (`fstat` against `lstat`). `.unexpectedFile` otherwise, with nothing
    /// touched; `.busy` while another writer holds its lock, unless `wait` (then it waits).
    func openPartial(_ path: String, wait: Bool) async throws -> any PartialWriter
    /// Opens the regular file at `path` to rewrite it in place, whoever owns it (an edit that
    /// must keep the file's owner, group and hard links): read-write, never created, emptied
    /// or reached through a symlink, checked after opening to be the file that was looked at.
    /// `.unexpectedFile` otherwise, with nothing touched.
    func openInPlace(_ path: String) async throws -> any PartialWriter
}

extension FileSystem {
    /// One part, the whole listing: for file systems that read a directory in one go.
    public func list(_ path: String, inParts part: ([RemoteFile]) async throws -> Void) async throws {
        let files = try await list(path)
        try Task.checkCancellation()
        try await part(files)
    }

    public func lstatIfPresent(_ path: String) async throws -> RemoteFile? {
        do {
            return try await lstat(path)
        } catch let error as FileSystemError where error.kind == .noSuchFile {
            return nil
        }
    }
}
