import Synchronization
import TermindApplication

/// A file open for reading on an `SFTPClient`. Reads at explicit offsets may run concurrently:
/// each is one READ (or more, for a count beyond the server's limit) sent at once.
///
/// `Sendable`: the client is `Sendable`, the handle immutable, and the closed flag behind a
/// `Mutex`.
final class SFTPFileReader: FileReader {
    let client: SFTPClient
    let handle: [UInt8]
    let path: String
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

    var preferredChunkSize: Int { client.readChunkSize }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        let handle = try liveHandle()
        guard count > 0 else { return [] }
        let chunk = client.readChunkSize
        // The common case, one READ within the server's limit: its DATA is the result.
        let first = try await client.read(handle, at: offset, length: min(count, chunk), path: path)
        if first.count == count || first.isEmpty { return first }
        // A short answer is not the end of the file: SFTP servers may return less than asked.
        var result = first
        result.reserveCapacity(count)
        while result.count < count {
            let more = try await client.read(
                handle, at: offset + UInt64(result.count), length: min(count - result.count, chunk), path: path)
            if more.isEmpty { break }
            result.append(contentsOf: more)
        }
        return result
    }

    func close() async throws {
        guard closed.withLock({ closed in defer { closed = true }; return !closed }) else { return }
        try await client.closeHandle(handle, path: path)
    }

    /// The handle, or an error once the file was closed.
    func liveHandle() throws -> [UInt8] {
        guard !closed.withLock({ $0 }) else {
            throw FileSystemError(.failure, location: client.location, path: path, detail:
                "the file was already closed; open it again")
        }
        return handle
    }
}
