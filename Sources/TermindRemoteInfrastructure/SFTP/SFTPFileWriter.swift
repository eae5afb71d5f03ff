import Synchronization
import TermindApplication

/// A file open for writing on an `SFTPClient`. Writes at explicit offsets may run
/// concurrently; each returns once the server answered its WRITE.
///
/// `Sendable`: the client is `Sendable`, the handle immutable, and the closed flag behind a
/// `Mutex`.
final class SFTPFileWriter: FileWriter {
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

    var preferredChunkSize: Int { client.writeChunkSize }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        let handle = try liveHandle()
        let chunk = client.writeChunkSize
        if bytes.count <= chunk {
            try await client.write(handle, bytes[...], at: offset, path: path)
            return
        }
        // More than the server takes in one WRITE: in pieces, all in flight together.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                let piece = bytes[start..<min(start + chunk, bytes.count)]
                group.addTask { try await self.client.write(handle, piece, at: offset + UInt64(start), path: self.path) }
            }
            try await group.waitForAll()
        }
    }

    func synchronize() async throws {
        try await client.fsync(try liveHandle(), path: path)
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
