import TermindApplication

/// A file open read-only on an `SFTPClient`, only to be flushed (`FileFlusher`).
///
/// `Sendable`: it holds only its `SFTPOpenFile`.
final class SFTPFileFlusher: FileFlusher {
    let file: SFTPOpenFile

    init(file: SFTPOpenFile) {
        self.file = file
    }

    func flush() async throws {
        try await file.client.fsync(try file.liveHandle(), path: file.path)
    }

    func close() async throws { try await file.close() }
}
