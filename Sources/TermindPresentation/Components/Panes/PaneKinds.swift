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
        case .empty:
            // An empty pane is a terminal with no Host yet.
            TerminalPane(paneID: id, hostLabel: nil, size: size)
        case .browser:
            if let hostLabel {
                BrowserPane(paneID: id, side: .remote(hostLabel: hostLabel), size: size)
            } else {
                TerminalPane(paneID: id, hostLabel: nil, size: size)
            }
        case .localBrowser:
            BrowserPane(paneID: id, side: .local, size: size)
        case .metrics:
            if let hostLabel {
                MetricsPane(paneID: id, host: hostLabel, size: size)
            } else {
                TerminalPane(paneID: id, hostLabel: nil, size: size)
            }
        }
    }
}
