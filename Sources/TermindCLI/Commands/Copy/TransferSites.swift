import TermindApplication
import TermindInfrastructure

/// The file systems one `termind cp` works on: this machine's, and one connection with SFTP
/// per Host named, opened once however many paths name it. Extra connections for parallel
/// transfers are opened silently by the engine through each site and closed by it; the
/// connections opened here are closed by `close()`.
///
/// Used by one task (the command's), so its state needs no lock.
final class TransferSites: @unchecked Sendable {
    private let access: ConnectionAccess
    private let local = TransferSite.local(LocalFileSystem())
    private var remote: [String: (site: TransferSite, connection: any SSHConnection)] = [:]

    init(access: ConnectionAccess) {
        self.access = access
    }

    /// The endpoint a path argument names, connecting to its Host the first time.
    func endpoint(for location: FileLocation) async throws -> TransferEndpoint {
        switch location {
        case .local(let path):
            return TransferEndpoint(local, expandingTilde(path))
        case .remote(let destination, let path):
            if let known = remote[destination] { return TransferEndpoint(known.site, path) }
            let connection = try await access.connect(destination)
            do {
                let fileSystem = try await connection.openFileSystem()
                let access = self.access
                let site = TransferSite(fileSystem: fileSystem, primaryTransfers: 1, openExtra: {
                    // Released with the file system: closing it drops the last reference to
                    // the connection, which then closes.
                    try await access.connectSilently(destination).openFileSystem()
                })
                remote[destination] = (site, connection)
                return TransferEndpoint(site, path)
            } catch {
                await connection.close()
                throw error
            }
        }
    }

    /// `~` and `~/...` as the shell would have expanded them, for quoted arguments.
    private func expandingTilde(_ path: String) -> String {
        if path == "~" { return access.paths.homeDirectory }
        if path.hasPrefix("~/") { return access.paths.homeDirectory + "/" + path.dropFirst(2) }
        return path
    }

    /// Closes every file system and connection opened here.
    func close() async {
        let opened = remote.values
        remote = [:]
        for (site, connection) in opened {
            await (site.fileSystem as? any RemoteFileSystem)?.close()
            await connection.close()
        }
    }
}
