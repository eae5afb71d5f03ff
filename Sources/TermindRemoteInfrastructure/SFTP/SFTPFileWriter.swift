import TermindApplication

/// A file open for writing on an `SFTPClient`. Writes at explicit offsets may run
/// concurrently; each returns once the server answered its WRITE.
///
/// `Sendable`: it holds only its `SFTPOpenFile`.
final class SFTPFileWriter: FileWriter {
    let file: SFTPOpenFile
    var client: SFTPClient { file.client }
    var path: String { file.path }

    init(client: SFTPClient, handle: [UInt8], path: String) {
        file = SFTPOpenFile(client: client, handle: handle, path: path)
    }

    var preferredChunkSize: Int { client.writeChunkSize }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        let handle = try file.liveHandle()
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
        try await client.fsync(try file.liveHandle(), path: path)
    }

    func close() async throws { try await file.close() }
}
