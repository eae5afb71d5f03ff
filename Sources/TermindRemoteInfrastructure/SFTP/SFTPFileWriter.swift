import TermindApplication
import TermindDomain

/// A file open for writing on an `SFTPClient`. Writes at explicit offsets may run
/// concurrently; each returns once the server answered its WRITE. Opened as a partial
/// (`createPartial`, `openPartial`) it is also readable, and its size and attributes change
/// through the handle (FSETSTAT), never by name.
///
/// `Sendable`: it holds only its `SFTPOpenFile` and immutable values.
final class SFTPFileWriter: PartialWriter {
    let file: SFTPOpenFile
    /// The file when opened (owner, size, mtime); empty for a writer not opened as a partial.
    let identity: FileIdentity
    var client: SFTPClient { file.client }
    var path: String { file.path }

    init(client: SFTPClient, handle: [UInt8], path: String) {
        file = SFTPOpenFile(client: client, handle: handle, path: path)
        identity = FileIdentity()
    }

    /// The same open file, with its identity.
    init(taking writer: SFTPFileWriter, identity: FileIdentity) {
        file = writer.file
        self.identity = identity
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

    // MARK: - PartialWriter

    func currentIdentity() async throws -> FileIdentity {
        Self.identity(try await client.fstat(try file.liveHandle(), path: path))
    }

    /// LSTAT of the name against FSTAT of the handle, sent together.
    func namedIdentity() async throws -> FileIdentity? {
        try await lookAtTheName(setting: nil, synchronizing: false)
    }

    /// FSYNC, FSETSTAT, FSTAT and LSTAT in one round trip.
    func seal(setting changes: FileAttributes?) async throws -> FileIdentity? {
        try await lookAtTheName(setting: changes.map(Self.paired), synchronizing: true)
    }

    /// The name's identity when it still holds the open file, after `client.seal`'s steps.
    private func lookAtTheName(setting changes: FileAttributes?, synchronizing: Bool) async throws -> FileIdentity? {
        let (opened, named) = try await client.seal(try file.liveHandle(), path: path, setting: changes, synchronizing: synchronizing)
        guard let named, Self.sameFile(opened, named) else { return nil }
        return Self.identity(named)
    }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        let handle = try file.liveHandle()
        var bytes: [UInt8] = []
        while bytes.count < count {
            let got = try await client.read(
                handle, at: offset + UInt64(bytes.count), length: min(count - bytes.count, client.readChunkSize), path: path)
            if got.isEmpty { break }
            bytes += got
        }
        return bytes
    }

    func truncate(to size: UInt64) async throws {
        try await client.fsetstat(try file.liveHandle(), FileAttributes(size: size), path: path)
    }

    func setAttributes(_ changes: FileAttributes) async throws {
        try await client.fsetstat(try file.liveHandle(), Self.paired(changes), path: path)
    }

    /// SFTP v3 sets atime with mtime: both are sent when either is given.
    static func paired(_ changes: FileAttributes) -> FileAttributes {
        var attributes = changes
        if (changes.accessed == nil) != (changes.modified == nil) {
            attributes.accessed = changes.accessed ?? changes.modified
            attributes.modified = changes.modified ?? changes.accessed
        }
        return attributes
    }

    static func identity(_ attributes: FileAttributes) -> FileIdentity {
        FileIdentity(userID: attributes.userID, size: attributes.size, modified: attributes.modified)
    }

    /// Whether two attribute sets describe one regular file, as far as SFTP v3 can tell.
    static func sameFile(_ one: FileAttributes, _ other: FileAttributes) -> Bool {
        one.kind == .file && other.kind == .file && one.userID == other.userID && one.groupID == other.groupID
            && one.mode == other.mode && one.size == other.size && one.modified == other.modified
    }
}
