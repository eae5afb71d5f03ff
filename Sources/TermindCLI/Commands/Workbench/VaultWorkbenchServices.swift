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
    /// For the Import screen: the Vault's secrets and key codec, `$HOME` and the local user.
    let secrets: any SecretStore
    let keyCodec: any PrivateKeyCodec
    let home: String
    let localUser: String
    let environment: [String: String]

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
        secrets = vault.services.secrets
        keyCodec = vault.keyCodec
        home = ImportCommand.home(context.environment)
        localUser = ImportCommand.localUser(context.environment)
        environment = context.environment
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

    /// `termind import --dry-run` of `~/.ssh`, wired as `ImportCommand` wires it.
    func importPreview() async throws -> ImportPreview {
        let builder = ImportPreviewBuilder(directory: LocalSSHDirectoryReader(), keyCodec: keyCodec, store: store)
        let files = SSHConfigFiles()
        var config = SSHConfigReader(
            home: home, localUser: localUser, localHostname: ImportCommand.localHostname(),
            readFile: files.readFile, expandGlob: files.expandGlob)
        config.localUserID = Int(getuid())
        config.environment = environment
        return try await builder.preview(of: ImportCommand.absolute(home + "/.ssh"), config: config)
    }

    /// `termind import` of the selection, never asking passphrases: encrypted keys stay encrypted.
    func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport {
        let plan = try ImportPlan(selection, in: preview, passphrasesAvailable: false)
        let importer = VaultImporter(store: store, secrets: secrets, keyCodec: keyCodec, directory: LocalSSHDirectoryReader())
        return try await importer.commit(plan, of: preview, passphrases: NoImportPassphrases(), storePassphrases: false)
    }
}
