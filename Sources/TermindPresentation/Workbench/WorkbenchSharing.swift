import TermindApplication
import TermindDomain

/// Shared connections in the workbench (`Workbench+SharedConnections`): each sharing Host's one
/// authenticated connection, the attempts under way and the panes lost together. A value the
/// `Workbench` owns, on the TUI's main actor.
struct WorkbenchSharing {
    /// Each sharing Host's one authenticated connection, which its panes open channels on.
    let connections: SharedConnections
    /// Panes whose shared connection was lost, by which one: Reconnect brings them back together.
    var lostTogether: [PaneID: LostConnection] = [:]
    /// Connection attempts under way, by the pane that started them (a shared connection's
    /// attempt has a generation of its own, and its questions name that pane).
    var attempts: [AttemptGeneration: PaneID] = [:]
    /// The countdown of each pane that reconnects by itself, a tick a second on the workbench's clock.
    var reconnectTimers: [PaneID: Task<Void, Never>] = [:]
}
