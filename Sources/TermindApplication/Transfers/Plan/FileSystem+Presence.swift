import TermindDomain

extension FileSystem {
    /// The entry at `path` (symlinks followed), nil when nothing is there.
    func statIfPresent(_ path: String) async throws -> RemoteFile? {
        do {
            return try await stat(path)
        } catch let error as FileSystemError where error.kind == .noSuchFile {
            return nil
        }
    }
}
