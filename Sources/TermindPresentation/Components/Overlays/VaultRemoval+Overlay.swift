import TermindDomain

// The question before a Vault record is removed, in the overlay stack: y removes (through the
// workbench; the question stays until the Vault answers), n or Escape closes.

extension VaultRemoval: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !isRemoving else { return .handled }
        switch press.typedCharacter {
        case "y", "Y":
            isRemoving = true
            problem = nil
            return .stays(.removeVaultRecord(self))
        case "n", "N":
            return .close
        default:
            return press.key == .escape ? .close : .handled
        }
    }

    /// Pastes and the mouse go where they would without the question.
    func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome { .passThrough }
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        VaultFormView.draw(self, in: area, into: &buffer)
        return .hidden
    }
}
