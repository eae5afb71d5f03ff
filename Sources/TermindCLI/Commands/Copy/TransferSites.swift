import Synchronization
import TermindApplication
import TermindInfrastructure

/// The file systems one `termind cp` works on: this machine's, and one connection with SFTP
/// per Host named, opened once however many paths name it. Extra connections for parallel
/// transfers are opened silently by the engine through each site, which closes their file
/// systems; `close()` closes every connection opened here, extras included, and waits for
/// their workers to end, so none is still using libcrypto while the process exits.
///
/// `remote` is used by the command's task alone; `extras` grows from the engine's tasks, behind
/// its `Mutex`.
final class TransferSites: @unchecked Sendable {
    private let access: ConnectionAccess
    private let local = TransferSite.local(LocalFileSystem())
    private var remote: [String: (site: TransferSite, connection: any SSHConnection)] = [:]
    /// The extra connections, opened from the engine's tasks.
    private let extras = Mutex<[any SSHConnection]>([])

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
                let site = TransferSite(fileSystem: fileSystem, primaryTransfers: 1, openExtra: { [self] in
                    let connection = try await access.connectSilently(destination)
                    extras.withLock { $0.append(connection) }
                    return try await connection.openFileSystem()
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
        for connection in extras.withLock({ extras in defer { extras = [] }; return extras }) {
            await connection.close()
        }
    }
}
