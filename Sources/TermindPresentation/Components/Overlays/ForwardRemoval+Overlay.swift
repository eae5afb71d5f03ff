import TermindDomain

// The question before a forwarding rule is removed, in the overlay stack: y removes (through
// the workbench; the question stays until the Vault answers), n or Escape keeps it.

extension ForwardRemoval: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !isRemoving else { return .handled }
        switch press.typedCharacter {
        case "y", "Y":
            isRemoving = true
            problem = nil
            return .stays(.saveForward(.remove(rule), host: hostLabel))
        case "n", "N":
            return .close
        default:
            return press.key == .escape ? .close : .handled
        }
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        ForwardEditorView.draw(self, in: area, into: &buffer)
        return .hidden
    }
}
