import Synchronization
import TermindApplication

/// A file handle the server gave an `SFTPClient`, owned by one reader or writer: closed once,
/// by `close()` or, failing that, when released.
///
/// `Sendable`: the client is `Sendable`, the handle immutable, and the closed flag behind a
/// `Mutex`.
final class SFTPOpenFile: Sendable {
    let client: SFTPClient
    let path: String
    private let handle: [UInt8]
    private let closed = Mutex(false)

    init(client: SFTPClient, handle: [UInt8], path: String) {
        self.client = client
        self.handle = handle
        self.path = path
    }

    deinit {
        guard !closed.withLock({ $0 }) else { return }
        let client = client, handle = handle, path = path
        Task { try? await client.closeHandle(handle, path: path) }
    }

    /// The handle, or an error once the file was closed.
    func liveHandle() throws -> [UInt8] {
        guard !closed.withLock({ $0 }) else {
            throw FileSystemError(.failure, location: client.location, path: path, detail:
                "the file was already closed; open it again")
        }
        return handle
    }

    func close() async throws {
        guard closed.withLock({ closed in defer { closed = true }; return !closed }) else { return }
        try await client.closeHandle(handle, path: path)
    }
}
