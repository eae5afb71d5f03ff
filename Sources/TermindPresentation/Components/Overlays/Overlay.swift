import TermindDomain

/// What the workbench shows over its panes (help, Quick Open, a form, a picker, the queue, a
/// dialog), as a component like a pane: its keys, pastes and mouse events change only its own
/// state and return an `OverlayOutcome` (whether it stays, and the `OverlayEffect`s the
/// `Workbench` carries out); `draw` paints it from its state and the `OverlayContext`.
///
/// The `Workbench` keeps every open overlay in one `OverlayStack`: drawing walks it bottom-up,
/// input goes to its top. Adding a dialog is a new type and one push.
///
/// Values confined to the TUI's main actor, like the workbench that holds them.
@MainActor
protocol Overlay {
    /// Where it sits in the stack: a higher level is above every lower one, whatever opened
    /// first (an interaction dialog is above everything).
    var level: OverlayLevel { get }

    /// A key while this overlay is on top.
    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome

    /// A paste while this overlay is on top (most ignore it, a few let it through).
    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome

    /// A mouse event while this overlay is on top.
    mutating func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome

    /// Paints the overlay into `area` (the screen between the tab bar and the status bar) and
    /// returns where the cursor goes, or nil when it draws nothing there (a question the status
    /// bar asks) and the cursor stays as the layers below left it.
    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor?
}

extension Overlay {
    func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome { .ignored }
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .ignored }
}
