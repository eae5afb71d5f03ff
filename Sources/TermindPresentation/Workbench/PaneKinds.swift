import TermindDomain

/// Which component shows each kind of pane: the one switch a new kind of pane adds a line to
/// (see `docs/architecture.md`, "Panes as components").
enum PaneKinds {
    /// The component for a pane of `kind`, on `hostLabel`, with content of `size`.
    @MainActor
    static func component(for kind: PaneKind, id: PaneID, hostLabel: String?, size: CellSize) -> any PaneComponent {
        switch kind {
        case .terminal:
            TerminalPane(paneID: id, hostLabel: hostLabel, size: size)
        case .empty, .browser:
            // An empty pane is a terminal with no Host yet; the SFTP browser is not built, so a
            // saved browser pane restores empty.
            TerminalPane(paneID: id, hostLabel: nil, size: size)
        }
    }
}
