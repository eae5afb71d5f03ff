import TermindApplication

/// Opens a Host's file system for the file commands (`ls`, `mkdir`, `rm`): connects through
/// `ConnectionAccess`, opens SFTP, runs the body, and closes both however it ends.
extension ConnectionAccess {
    func withFileSystem<Result>(
        on destination: String, _ body: (any RemoteFileSystem) async throws -> Result
    ) async throws -> Result {
        try await withConnection(to: destination) { connection in
            let fileSystem = try await connection.openFileSystem()
            do {
                let result = try await body(fileSystem)
                await fileSystem.close()
                return result
            } catch {
                await fileSystem.close()
                throw error
            }
        }
    }
}
