import TermindApplication

/// What a pane's Session stands on: its connection, and its hold on the shared one if it shares.
struct PaneConnection: Sendable {
    let connection: any SSHConnection
    let lease: SharedConnectionLease?
}
