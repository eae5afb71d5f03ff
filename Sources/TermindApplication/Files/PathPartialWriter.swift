import TermindDomain

/// The partial of a file system that offers no handle-based calls or locks of its own (an
/// in-memory one in tests, a wrapper forwarding to another): writes through an ordinary
/// writer, the rest by path. Exclusive create still refuses anything at the name; taking
/// over an earlier partial checks it is a regular file, by `lstat`. Real file systems
/// (`LocalFileSystem`, SFTP) provide their own, which never go by name.
struct PathPartialWriter: PartialWriter {
    let fileSystem: any FileSystem
    let path: String
    let writer: any FileWriter
    let identity: FileIdentity

    var preferredChunkSize: Int { writer.preferredChunkSize }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws { try await writer.write(bytes, at: offset) }
    func synchronize() async throws { try await writer.synchronize() }
    func close() async throws { try await writer.close() }

    func currentIdentity() async throws -> FileIdentity {
        Self.identity(of: try await fileSystem.lstat(path).attributes)
    }

    func namedIdentity() async throws -> FileIdentity? {
        let named = try await fileSystem.lstat(path)
        return named.kind == .file ? Self.identity(of: named.attributes) : nil
    }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        let reader = try await fileSystem.openForReading(path)
        do {
            let bytes = try await reader.read(at: offset, count: count)
            try await reader.close()
            return bytes
        } catch {
            try? await reader.close()
            throw error
        }
    }

    func truncate(to size: UInt64) async throws { try await fileSystem.setAttributes(path, FileAttributes(size: size)) }
    func setAttributes(_ changes: FileAttributes) async throws { try await fileSystem.setAttributes(path, changes) }

    static func identity(of attributes: FileAttributes) -> FileIdentity {
        FileIdentity(userID: attributes.userID, size: attributes.size, modified: attributes.modified)
    }
}
