import TermindApplication

/// A file open for reading on an `SFTPClient`. Reads at explicit offsets may run concurrently:
/// each is one READ (or more, for a count beyond the server's limit) sent at once.
///
/// `Sendable`: it holds only its `SFTPOpenFile`.
final class SFTPFileReader: FileReader {
    let file: SFTPOpenFile
    var client: SFTPClient { file.client }
    var path: String { file.path }

    init(client: SFTPClient, handle: [UInt8], path: String) {
        file = SFTPOpenFile(client: client, handle: handle, path: path)
    }

    var preferredChunkSize: Int { client.readChunkSize }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        let handle = try file.liveHandle()
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

    func close() async throws { try await file.close() }
}
