import TermindDomain

// The interaction on screen (host key, passphrase, MFA) in the overlay stack: above everything,
// its answer goes back to the connection that asked.

extension InteractionDialog: Overlay {
    var level: OverlayLevel { .interaction }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch handle(press) {
        case .editing: return .handled
        case .answered(let answer): return .closes(.answerInteraction(answer))
        case .cancelled: return .closes(.cancelInteraction)
        }
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        paste(bytes)
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        InteractionDialogView.draw(self, in: area, into: &buffer)
    }
}
