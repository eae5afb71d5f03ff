import TermindDomain

/// A partial file this process owns while it writes it: one it created, or an earlier one it
/// checked and took over (`FileSystem.createPartial`, `openPartial`). Reads, truncation and
/// attributes go through the open file, never through its name, so nothing planted at the
/// name meanwhile is touched. On this machine it holds an exclusive lock on the file until it
/// is closed: the one-writer rule between Termind processes.
public protocol PartialWriter: FileWriter {
    /// The file as it was when created or opened.
    var identity: FileIdentity { get }
    /// The open file's identity now (`fstat`; SFTP `FSTAT`).
    func currentIdentity() async throws -> FileIdentity
    /// The file at its name (the path it was created or opened at), without following a
    /// symlink, when that is still this very file (`lstat` against `fstat`); nil otherwise.
    func namedIdentity() async throws -> FileIdentity?
    /// Reads up to `count` bytes at `offset` of the open file; fewer only at its end.
    func read(at offset: UInt64, count: Int) async throws -> [UInt8]
    /// Cuts (or extends) the open file to `size` bytes.
    func truncate(to size: UInt64) async throws
    /// Sets what `changes` holds (mode, times) on the open file.
    func setAttributes(_ changes: FileAttributes) async throws
    /// The last steps before a commit: makes what was written durable (`synchronize`), sets
    /// `changes` when given, then tells `namedIdentity`. A file system that can ask for all of
    /// it at once does (SFTP: one round trip).
    func seal(setting changes: FileAttributes?) async throws -> FileIdentity?
}

extension PartialWriter {
    public func seal(setting changes: FileAttributes?) async throws -> FileIdentity? {
        try await synchronize()
        if let changes { try await setAttributes(changes) }
        return try await namedIdentity()
    }
}
