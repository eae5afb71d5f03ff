import TermindDomain

// The forwards overlay in the overlay stack. The prefix still reaches the keymap (so the
// binding closes it and other bindings work).

extension ForwardsOverlay: Overlay {
    var level: OverlayLevel { .screen }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !context.isAwaitingKey, press.keymapKey != context.keymap.prefix else { return .passThrough }
        switch handle(press, rows: context.forwardRows()) {
        case .none: return .handled
        case .close: return .closes(.stopForwardsRefresh)
        case .toggle(let row): return .stays(.toggleForward(row))
        case .add(let host): return .stays(.editForward(nil, host: host))
        case .edit(let row): return .stays(.editForward(row, host: row.hostLabel))
        case .remove(let row): return .stays(.askForwardRemoval(row))
        }
    }

    /// The mouse still reaches the workbench below.
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        ForwardsOverlayView.draw(self, rows: context.forwardRows(), toggleKeys: context.keys(for: .forwards), in: area, into: &buffer)
        return .hidden
    }
}
