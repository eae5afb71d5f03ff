import TermindDomain

// A Vault form in the overlay stack: Tab and the arrows move between fields, typing edits the
// focused one, Enter saves through the workbench (the form stays, saving, until the Vault
// answers), Escape closes.

extension VaultForm: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !isSaving else { return .handled }
        switch press.key {
        case .escape:
            return .close
        case .enter:
            isSaving = true
            problem = nil
            return .stays(.saveVaultForm(self))
        case .tab where press.modifiers.contains(.shift), .up:
            focusPrevious()
        case .tab, .down:
            focusNext()
        case .left:
            step(by: -1)
        case .right:
            step(by: 1)
        case .backspace:
            deleteBackward()
        case .character("u") where press.modifiers == .control:
            clearField()
        default:
            guard let character = press.typedCharacter else { return .handled }
            type(character)
        }
        return .handled
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        paste(Workbench.firstLine(of: bytes))
        return .handled
    }

    /// The mouse still reaches the workbench below.
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        VaultFormView.draw(self, in: area, into: &buffer)
    }
}
