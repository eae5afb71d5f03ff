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
    /// tagged with `generation`, which the workbench retires when the pane closes or retries.
    func connect(
        hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) async throws -> any SSHConnection

    /// The Workspaces open when the last run ended, offered as Recent Workspaces.
    func recentWorkspaces() async -> [Workspace]

    /// Keeps the Workspaces open now for the next run's Recent Workspaces.
    func saveRecentWorkspaces(_ workspaces: [Workspace]) async

    /// Transfers running or queued (the status bar shows it).
    var activeTransferCount: Int { get }
}
