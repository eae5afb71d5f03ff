import TermindDomain

// The forward rule editor in the overlay stack: typing edits the rule (at its end), Tab or ←/→
// choose the Host of a new rule, Enter checks the rule and asks the workbench to write it (the
// editor stays, saving, until the Vault answers), Esc closes.

extension ForwardEditor: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !isSaving else { return .handled }
        switch press.key {
        case .escape:
            return .close
        case .enter:
            guard let change = change() else { return .handled }
            isSaving = true
            return .stays(.saveForward(change, host: hostLabel))
        case .tab where press.modifiers.contains(.shift), .left:
            stepHost(by: -1)
        case .tab, .right:
            stepHost(by: 1)
        case .backspace:
            deleteBackward()
        case .character("u") where press.modifiers == .control:
            clear()
        default:
            if let character = press.typedCharacter { type(character) }
        }
        return .handled
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        if !isSaving { paste(Workbench.firstLine(of: bytes)) }
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        ForwardEditorView.draw(self, in: area, into: &buffer)
    }
}
