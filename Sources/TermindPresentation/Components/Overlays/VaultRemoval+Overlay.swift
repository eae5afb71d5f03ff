import TermindDomain

// The question before a Vault record is removed, in the overlay stack (`RemovalQuestion`).

extension VaultRemoval: RemovalQuestion {
    var removal: OverlayEffect { .removeVaultRecord(self) }

    /// Pastes and the mouse go where they would without the question.
    func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome { .passThrough }
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        VaultFormView.draw(self, in: area, into: &buffer)
        return .hidden
    }
}
