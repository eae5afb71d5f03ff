import TermindDomain

// The transfer queue overlay in the overlay stack. The prefix still reaches the keymap (so
// `C-\ t` closes it and other bindings work).

extension TransferQueueOverlay: Overlay {
    var level: OverlayLevel { .screen }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !context.isAwaitingKey, press.keymapKey != context.keymap.prefix else { return .passThrough }
        let command = handle(press, items: context.transferState?.items ?? [])
        switch command {
        case .none: return .handled
        case .close: return .close
        default: return .stays(.controlTransfer(command))
        }
    }

    /// The mouse still reaches the workbench below.
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        TransferQueueView.draw(self, state: context.transferState, toggleKeys: context.keys(for: .transferQueue), in: area, into: &buffer)
        return .hidden
    }
}
