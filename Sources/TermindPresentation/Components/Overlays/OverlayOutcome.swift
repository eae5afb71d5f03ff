/// What an overlay's input did: whether the overlay stays, closes or lets the event through
/// (to the keymap, the Navigator or the focused pane), and what the workbench does after.
struct OverlayOutcome {
    enum Next: Equatable {
        /// The overlay took the event and stays (its state may have changed).
        case stays
        /// The overlay took the event and leaves the stack.
        case closes
        /// The overlay does not take it: the workbench handles it as with no overlay open.
        case passesThrough
    }

    var next: Next
    /// Carried out in order, after the overlay's new state is kept (or it left the stack).
    var effects: [OverlayEffect] = []

    /// Taken, nothing to do (also: ignored, the event stops here).
    static let ignored = OverlayOutcome(next: .stays)
    static let handled = OverlayOutcome(next: .stays)
    static let close = OverlayOutcome(next: .closes)
    static let passThrough = OverlayOutcome(next: .passesThrough)

    static func stays(_ effects: OverlayEffect...) -> OverlayOutcome { OverlayOutcome(next: .stays, effects: effects) }
    static func closes(_ effects: OverlayEffect...) -> OverlayOutcome { OverlayOutcome(next: .closes, effects: effects) }
}
