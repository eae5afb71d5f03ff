import TermindDomain

/// Partials for file systems that implement no handle-based calls or locks of their own (an
/// in-memory one in tests, a wrapper forwarding to another): exclusive create through
/// `openForWriting(.createNew)`, and taking over only a regular file, by `lstat`.
/// `LocalFileSystem` and the SFTP client implement both themselves, never going by name.
extension FileSystem {
    public func createPartial(_ path: String, permissions: UInt32) async throws -> any PartialWriter {
        let writer = try await openForWriting(path, .createNew, permissions: permissions)
        let attributes = try await lstat(path).attributes
        return PathPartialWriter(fileSystem: self, path: path, writer: writer, identity: PathPartialWriter.identity(of: attributes))
    }

    public func openPartial(_ path: String, wait: Bool) async throws -> any PartialWriter {
        try await openExisting(path)
    }

    public func openInPlace(_ path: String) async throws -> any PartialWriter {
        try await openExisting(path)
    }

    /// A regular file, by `lstat`, opened keeping its bytes.
    private func openExisting(_ path: String) async throws -> any PartialWriter {
        let attributes = try await lstat(path).attributes
        guard attributes.kind == .file else {
            throw FileSystemError(.unexpectedFile, location: location, path: path, detail: "it is \(attributes.kind.partialDescription), not a regular file")
        }
        let writer = try await openForWriting(path, .keep, permissions: 0o600)
        return PathPartialWriter(fileSystem: self, path: path, writer: writer, identity: PathPartialWriter.identity(of: attributes))
    }
}
