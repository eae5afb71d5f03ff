import TermindDomain

// The question before a forwarding rule is removed, in the overlay stack (`RemovalQuestion`).

extension ForwardRemoval: RemovalQuestion {
    var removal: OverlayEffect { .saveForward(.remove(rule), host: hostLabel) }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        ForwardEditorView.draw(self, in: area, into: &buffer)
        return .hidden
    }
}
