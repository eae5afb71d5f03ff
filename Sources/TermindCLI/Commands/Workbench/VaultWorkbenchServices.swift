import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindPresentation
import TermindRemoteInfrastructure
import TermindResources

/// The workbench's services port over the real adapters: the Vault's Hosts, the one
/// `ConnectionOpener` (host-key trust through the workbench's own interaction queue, the
/// Vault's Known Hosts plus `~/.ssh/known_hosts`, read-only; each opened Session of a Vault
/// Host adds a Connection History entry), and the Recent Workspaces file.
///
/// `Sendable`; called from the TUI's main actor, works wherever its awaits take it.
struct VaultWorkbenchServices: WorkbenchServices {
    let opener: ConnectionOpener
    let recentFile: RecentWorkspacesFile
    let logger: any Logger
    /// For the Import screen: the Vault's secrets and key codec, and the local account.
    let secrets: any SecretStore
    let keyCodec: any PrivateKeyCodec
    let account: SystemLocalAccount
    /// Where `termind cp` keeps its partial records: the transfer queue shares them.
    let partials: PartialTransferFiles
    /// The transfer queue, made once the workbench gives its interaction queue.
    private let slot = QueueSlot()

    private final class QueueSlot: Sendable {
        let queue = Mutex<TransferQueue?>(nil)
    }
    /// The command history's search (the history overlay).
    let history: any CommandHistorySearch
    /// An edit's managed copies, as `termind edit` keeps them.
    let editCopies: EditCopyDirectories
    /// The editor's environment (`$VISUAL`, `$EDITOR`, and the rest it inherits).
    let environment: [String: String]
    /// The Vault file, for noticing what other termind processes write to it.
    let database: VaultDatabase

    var store: any VaultStore { opener.store }

    init(_ context: CommandContext, vault: VaultAccess, systemKnownHosts: Bool = true) {
        opener = ConnectionOpener(context, vault: vault, systemKnownHosts: systemKnownHosts)
        recentFile = RecentWorkspacesFile(path: vault.paths.stateDirectory + "/workspaces.json")
        logger = context.logger
        secrets = vault.services.secrets
        keyCodec = vault.keyCodec
        account = SystemLocalAccount(environment: context.environment)
        partials = PartialTransferFiles(paths: vault.paths)
        history = SQLiteVaultStore(database: vault.services.database)
        editCopies = EditCopyDirectories(paths: vault.paths)
        environment = context.environment
        database = vault.services.database
    }

    func vaultChangeCounter() async -> Int? {
        try? await database.changeCounter()
    }

    /// inotify on the Vault's directory, for as long as the stream is iterated.
    func vaultWrites() -> AsyncStream<Void>? {
        guard let watch = VaultWriteWatch(databasePath: database.path) else { return nil }
        return AsyncStream { continuation in
            let relay = Task {
                for await _ in watch.writes { continuation.yield() }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                relay.cancel()
                watch.stop()
            }
        }
    }

    func hosts() async throws -> [TermindDomain.Host] {
        try await store.snapshot().hosts.sorted { $0.label < $1.label }
    }

    func snippets() async throws -> [Snippet] {
        try await store.snapshot().snippets
    }

    func templates() async throws -> [Template] {
        try await store.snapshot().templates
    }

    func saveTemplate(_ label: String, layout: TemplateLayout) async throws -> Template {
        try await VaultEditor(store: store, secrets: secrets, keyCodec: keyCodec).addTemplate(label, layout: layout)
    }

    func connect(
        hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) async throws -> any SSHConnection {
        try await opener.open(hostLabel, interactions: interactions, generation: generation)
    }

    func recentWorkspaces() async -> [Workspace] {
        recentFile.load(logger: logger)
    }

    func saveRecentWorkspaces(_ workspaces: [Workspace]) async {
        recentFile.save(workspaces, logger: logger)
    }

    /// The transfer queue's running and waiting transfers.
    var activeTransferCount: Int { slot.queue.withLock { $0?.activeCount ?? 0 } }

    /// `termind import --dry-run` of `~/.ssh`, wired as `ImportCommand` wires it.
    func importPreview() async throws -> ImportPreview {
        let builder = ImportPreviewBuilder(directory: LocalSSHDirectoryReader(), keyCodec: keyCodec, store: store)
        let config = try LocalSSHImport.configReader(account)
        return try await builder.preview(of: LocalSSHImport.absolute(account.homeDirectory + "/.ssh"), config: config)
    }

    /// `termind import` of the selection, never asking passphrases: encrypted keys stay encrypted.
    func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport {
        let plan = try ImportPlan(selection, in: preview, passphrasesAvailable: false)
        let importer = VaultImporter(store: store, secrets: secrets, keyCodec: keyCodec, directory: LocalSSHDirectoryReader())
        return try await importer.commit(plan, of: preview, passphrases: NoImportPassphrases(), storePassphrases: false)
    }

    /// The queue over `termind cp`'s engine and partial records, each Host's SFTP session on
    /// the panes' shared connection where the Host shares, else opened by the same opener as
    /// the panes' (asking through the workbench's dialogs).
    func transferQueue(interactions: InteractionQueue, shared: SharedConnections) -> TransferQueue? {
        slot.queue.withLock { queue in
            if let queue { return queue }
            let made = TransferQueue(
                sites: WorkbenchTransferSites(opener: opener, interactions: interactions, shared: shared),
                store: partials, listing: partials)
            queue = made
            return made
        }
    }

    func connectForFiles(
        hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) async throws -> any SSHConnection {
        try await opener.open(hostLabel, interactions: interactions, generation: generation, history: .sftp)
    }

    func recordSession(hostLabel: String, forFiles: Bool) async {
        await opener.recordSession(hostLabel, kind: forFiles ? .sftp : .ssh)
    }

    func localFileSystem() -> any FileSystem {
        LocalFileSystem()
    }

    /// History is a convenience: a Vault that cannot record it is logged, never shown.
    func recordDirectoryVisit(hostLabel: String, path: String) async {
        do {
            guard let host = try await store.snapshot().host(hostLabel) else { return }
            try await store.record(SFTPHistoryEntry(hostID: host.id, path: path, kind: .directory))
        } catch {
            logger.warning("could not add a directory of '\(hostLabel)' to the SFTP History: \(error)")
        }
    }

    func recordCommand(_ entry: CommandHistoryEntry) async throws {
        try await store.record(entry)
    }

    func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry] {
        try await history.searchCommands(query)
    }

    func vaultEditor() -> VaultEditor? {
        VaultEditor(store: store, secrets: secrets, keyCodec: keyCodec)
    }

    /// A Host's sampler at its interval, with the file systems only for a metrics pane
    /// (docs/behaviour.md §9).
    func metricsSampler(hostLabel: String, interval: Int, filesystems: Bool) -> MetricsSampler? {
        guard let script = try? TermindResources.metricsSamplerScript(interval: interval, filesystems: filesystems) else { return nil }
        return MetricsSampler(host: hostLabel, script: script, interval: interval)
    }

    /// The editor `termind edit` runs (`$VISUAL`, else `$EDITOR`, else `vi`).
    func fileEditor() -> (any FileEditor)? {
        SpawnedEditor(environment: environment)
    }

    /// `termind edit` over the browser pane's SFTP session, wired as `EditCommand` wires it:
    /// the copy under `$XDG_CACHE_HOME/termind/edit/`, the transfers on an engine of their own
    /// (one file each way) sharing `termind cp`'s partial records.
    func editRemoteFile(_ path: String, on fileSystem: any FileSystem, editor: any FileEditor, consent: UploadConsent)
        async throws -> RemoteEditReport
    {
        let session = RemoteEditSession(
            remote: TransferSite(fileSystem: fileSystem), local: .local(LocalFileSystem()), copies: editCopies,
            editor: editor, engine: TransferEngine(parallel: 1, store: partials))
        return try await session.run(path, consent: consent)
    }
}
