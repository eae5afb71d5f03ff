import Synchronization
import TermindApplication
import TermindInfrastructure
import TermindRemoteInfrastructure
import TermindTestSupport

/// The transfer queue's sites for the tests: this machine, and the rig's sshd under one label,
/// its connection and silent extras opened with the rig's key (every connection closed by
/// `close()`).
final class SSHDTransferSites: TransferSiteProvider {
    let label: String
    private let server: SSHDServer
    private let opened = Mutex<[any SSHConnection]>([])
    private let primary = Mutex<TransferSite?>(nil)

    init(_ server: SSHDServer, label: String = "sshd") {
        self.server = server
        self.label = label
    }

    private func connect() async throws -> (any SSHConnection, any RemoteFileSystem) {
        let plan = server.plan(label: label, credentials: [try server.clientKeyCredential()])
        let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
        opened.withLock { $0.append(connection) }
        return (connection, try await connection.openFileSystem())
    }

    func site(for side: TransferSide) async throws -> TransferSite {
        guard case .host(let host) = side else { return TransferSite.local(LocalFileSystem()) }
        guard host == label else { throw FileSystemError(.noSuchFile, location: host, path: "", detail: "no such Host in the test") }
        if let site = primary.withLock({ $0 }) { return site }
        let (_, fileSystem) = try await connect()
        let site = TransferSite(fileSystem: fileSystem, primaryTransfers: 0, openExtra: { [self] in try await connect().1 })
        primary.withLock { $0 = site }
        return site
    }

    func close() async {
        for connection in opened.withLock({ opened in defer { opened = [] }; return opened }) { await connection.close() }
    }
}
