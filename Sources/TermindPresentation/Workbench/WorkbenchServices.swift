import Foundation
import TermindApplication
import TermindDomain

/// What the workbench needs from the rest of the program, as a port: the Vault's Hosts, a way
/// to open an authenticated connection for a Host label, the Workspaces of the last run, and
/// the transfer queue's size. The command line implements it over the Vault, connection
/// preparation and the libssh2 connector; tests implement it in memory. Presentation never
/// sees SQLite or libssh2.
///
/// Called from the TUI's main actor; implementations are `Sendable` and may do their work
/// anywhere.
public protocol WorkbenchServices: Sendable {
    /// The Vault's Hosts, in the order the Navigator lists them.
    func hosts() async throws -> [TermindDomain.Host]

    /// Plans and opens an authenticated connection to a Vault Host label (or an ad-hoc
    /// `[user@]host[:port]`). Interactions go through `interactions`, the workbench's one queue,
    /// tagged with `generation`, which the workbench retires when the pane closes or retries
    /// (or, for a connection its panes share, when no pane waits for it any more).
    func connect(
        hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) async throws -> any SSHConnection

    /// The Workspaces open when the last run ended, offered as Recent Workspaces.
    func recentWorkspaces() async -> [Workspace]

    /// Keeps the Workspaces open now for the next run's Recent Workspaces.
    func saveRecentWorkspaces(_ workspaces: [Workspace]) async

    /// Transfers running or queued (the status bar shows it).
    var activeTransferCount: Int { get }

    /// What importing the person's `~/.ssh` would write, each item with its status against the
    /// Vault now (the Import screen's checklist). Reads the folder; writes nothing.
    func importPreview() async throws -> ImportPreview

    /// Writes `selection` of `preview` into the Vault, all or nothing, as `termind import` does
    /// without `--ask-passphrases`: encrypted keys are stored still encrypted. The selection has
    /// passed `ImportPlan`'s rules already; a refusal or a file changed since the preview throws.
    func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport

    /// The transfer queue, whose Host connections ask through `interactions` (the workbench's
    /// queue) and stand on the panes' `shared` connections where the Host shares; nil where
    /// there is none. Asked once, when the workbench is made.
    func transferQueue(interactions: InteractionQueue, shared: SharedConnections) -> TransferQueue?

    /// The metrics sampler of a Host (docs/behaviour.md §9), sampling every `interval` seconds
    /// (the Host's setting), reading the file systems too when `filesystems` (a metrics pane
    /// shows them); run on the connection of the Host's pane. nil when metrics are off (the
    /// default).
    func metricsSampler(hostLabel: String, interval: Int, filesystems: Bool) -> MetricsSampler?

    /// As `connect`, for a browser pane's own connection: its Connection History entry is of
    /// the `sftp` kind.
    func connectForFiles(
        hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) async throws -> any SSHConnection

    /// A pane's session opened on a Host's shared connection that another pane made: its
    /// Connection History entry (`sftp` when `forFiles`), as opening a connection adds one.
    func recordSession(hostLabel: String, forFiles: Bool) async

    /// This machine's file system, for a browser pane's local side.
    func localFileSystem() -> any FileSystem

    /// SFTP History: `path` on the Host `hostLabel` was just listed fresh. Only a Vault Host is
    /// recorded; a Vault that cannot record it never troubles the person.
    func recordDirectoryVisit(hostLabel: String, path: String) async

    /// Adds a command a pane's shell reported to its Host's command history.
    func recordCommand(_ entry: CommandHistoryEntry) async throws

    /// The command history rows `query` asks for, newest first (the history overlay).
    func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry]

    /// The Vault's Snippets (the Snippet picker).
    func snippets() async throws -> [Snippet]

    /// The Vault's use cases, for the TUI's forms: add, edit and remove Hosts, Identities and
    /// Snippets by the command line's rules. nil where the Vault cannot be written.
    func vaultEditor() -> VaultEditor?

    /// The Vault's Templates (Quick Open, `connect --template`).
    func templates() async throws -> [Template]

    /// Saves a Workspace's layout as a new Template named `label` (a taken label is refused).
    func saveTemplate(_ label: String, layout: TemplateLayout) async throws -> Template

    /// A number that changes whenever another process writes to the Vault; nil where nothing
    /// else can (the workbench then never polls).
    func vaultChangeCounter() async -> Int?

    /// An element after each burst of writes to the Vault's files (by any process), so the
    /// workbench reads the counter only then; nil where writes cannot be watched (the counter
    /// is then polled once a second).
    func vaultWrites() -> AsyncStream<Void>?

    /// The clock the workbench's own timers run on (the Vault's poll, an automatic reconnect's
    /// countdown).
    var clock: any Clock<Duration> { get }

    /// The time of day now, for what the workbench writes into a pane (the `── reconnected
    /// 14:02 ──` line); tests give a fixed one.
    func currentDate() -> Date

    /// The person's editor as a process on this terminal (`$VISUAL`, else `$EDITOR`, else `vi`,
    /// as `termind edit` runs it); nil where the workbench cannot run one.
    func fileEditor() -> (any FileEditor)?

    /// Edits `path` of a Host as `termind edit` does (`RemoteEditSession`): a managed local
    /// copy fetched over `fileSystem` (a browser pane's SFTP session), `editor` on it, and an
    /// upload only when its SHA-256 changed and `consent` says yes, checked against the version
    /// opened. Throws what stopped the edit before the editor ran.
    func editRemoteFile(_ path: String, on fileSystem: any FileSystem, editor: any FileEditor, consent: UploadConsent)
        async throws -> RemoteEditReport
}

extension WorkbenchServices {
    /// No transfers (tests, benchmarks): the queue overlay says so.
    public func transferQueue(interactions: InteractionQueue, shared: SharedConnections) -> TransferQueue? { nil }
    public func metricsSampler(hostLabel: String, interval: Int, filesystems: Bool) -> MetricsSampler? { nil }
    public func vaultEditor() -> VaultEditor? { nil }
    public func vaultWrites() -> AsyncStream<Void>? { nil }
    public var clock: any Clock<Duration> { ContinuousClock() }
    public func currentDate() -> Date { Date() }

    /// No editor (benchmarks): `e` says editing is not available here.
    public func fileEditor() -> (any FileEditor)? { nil }

    public func editRemoteFile(_ path: String, on fileSystem: any FileSystem, editor: any FileEditor, consent: UploadConsent)
        async throws -> RemoteEditReport
    {
        throw EditorFailure(command: "", detail: "is not available here")
    }

    /// No other writers (tests, benchmarks).
    public func vaultChangeCounter() async -> Int? { nil }

    /// No Templates (tests, benchmarks).
    public func templates() async throws -> [Template] { [] }

    public func saveTemplate(_ label: String, layout: TemplateLayout) async throws -> Template {
        throw EditorFailure(command: "", detail: "saving a Template is not available here")
    }

    /// No Snippets (tests, benchmarks).
    public func snippets() async throws -> [Snippet] { [] }

    /// No Connection History (tests, benchmarks).
    public func recordSession(hostLabel: String, forFiles: Bool) async {}
}
