import TermindDomain

/// One kind of pane (the SSH terminal today), as the workbench sees it: its own state, a pure
/// `update(_:)` that returns effects and never does I/O, and `draw(into:in:context:)` that
/// paints the pane's rect of the frame and changes nothing the person or the remote can see.
/// The workbench owns the layout, the focus and the Workspaces; it routes events to a pane
/// and runs the effects the pane returns (`docs/architecture.md`, "Panes as components").
///
/// Confined to the TUI's main actor.
@MainActor
protocol PaneComponent: AnyObject {
    var paneID: PaneID { get }
    /// The Host the pane shows (the status bar, a split opening the same Host, a Workspace's name).
    var hostLabel: String? { get }
    /// True while closing the pane would end something live (the workbench asks first).
    var isLive: Bool { get }
    /// True when the pane's connection was lost or never came up, and Reconnect would try
    /// again (reconnect all takes these; an ended shell or a changed host key is not lost).
    var isLost: Bool { get }
    /// True when plain typed characters can go straight to the pane as `.typed` bytes.
    var acceptsPlainText: Bool { get }
    /// What the status bar says about the focused pane's mode, if anything.
    var statusHint: String? { get }

    /// Takes one event; returns what the workbench must do for it, in order.
    func update(_ event: PaneEvent) -> [PaneEffect]

    /// Draws the pane (title line and content) into `rect` of the frame; returns where the
    /// terminal's cursor goes when the pane has focus and shows one.
    func draw(into buffer: inout CellBuffer, in rect: CellRect, context: PaneDrawContext) -> ScreenCursor?
}
