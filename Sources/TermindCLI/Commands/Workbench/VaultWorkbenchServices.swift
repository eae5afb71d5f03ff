import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindPresentation
import TermindRemoteInfrastructure

/// The workbench's services port over the real adapters: the Vault's Hosts, connection
/// preparation and the libssh2 connector with host-key trust through the workbench's own
/// interaction queue (the Vault's Known Hosts plus `~/.ssh/known_hosts`, read-only), and the
/// Recent Workspaces file. Each opened Session of a Vault Host adds a Connection History entry.
///
/// `Sendable`; called from the TUI's main actor, works wherever its awaits take it.
struct VaultWorkbenchServices: WorkbenchServices {
    let store: any VaultStore
    let preparer: ConnectionPreparer
    let connector: any SSHConnector
    let systemRecords: [KnownHostsFileRecord]
    let recentFile: RecentWorkspacesFile
    let logger: any Logger

    init(_ context: CommandContext, vault: VaultAccess, systemKnownHosts: Bool = true) {
        store = vault.store
        preparer = ConnectionPreparer(
            store: vault.store, secrets: vault.services.secrets, keyCodec: vault.keyCodec,
            localUsername: context.environment["USER"] ?? String(cString: getpwuid(getuid()).pointee.pw_name),
            useAgent: context.environment["SSH_AUTH_SOCK"] != nil)
        connector = LibSSH2Connector(logger: context.logger)
        systemRecords = systemKnownHosts ? ConnectionAccess.systemKnownHosts(context) : []
        recentFile = RecentWorkspacesFile(path: vault.paths.stateDirectory + "/workspaces.json")
        logger = context.logger
    }

    func hosts() async throws -> [TermindDomain.Host] {
        try await store.snapshot().hosts.sorted { $0.label < $1.label }
    }

    func connect(
        hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) async throws -> any SSHConnection {
        let plan = try await preparer.plan(destination: hostLabel)
        let trust = HostKeyTrust(store: store, systemRecords: systemRecords, policy: .ask, interactions: interactions, logger: logger)
        let context = ConnectionContext(interactions: interactions, trust: trust, generation: generation)
        let connection = try await connector.connect(plan, using: context)
        // History is a convenience: a Vault that cannot record it never fails the Session.
        if let host = try? await store.snapshot().host(hostLabel) {
            try? await store.record(ConnectionHistoryEntry(hostID: host.id, kind: .ssh))
        }
        return connection
    }

    func recentWorkspaces() async -> [Workspace] {
        recentFile.load(logger: logger)
    }

    func saveRecentWorkspaces(_ workspaces: [Workspace]) async {
        recentFile.save(workspaces, logger: logger)
    }

    /// The transfer queue is not wired into the workbench yet.
    var activeTransferCount: Int { 0 }
}
