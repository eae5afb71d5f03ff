/// A remote file opened only to have the server put its bytes on disk (`fsync@openssh.com` on
/// a read-only handle): an upload's helper connection flushes the partial while the upload's
/// own connection goes on writing it, so the flush before the rename finds little left.
///
/// Opened by name, it may reach another file if someone replaced the name meanwhile; all it
/// can then do is flush that file, never read or change it.
public protocol FileFlusher: Sendable {
    /// Returns once the server flushed the file (at once where it lacks `fsync@openssh.com`).
    func flush() async throws
    func close() async throws
}
