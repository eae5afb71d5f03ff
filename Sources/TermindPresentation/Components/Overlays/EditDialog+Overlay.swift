import TermindDomain

// The edit's upload question or report in the overlay stack: modal, below an interaction.

extension EditDialog: Overlay {
    var level: OverlayLevel { .edit }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch handle(press) {
        case .open: return .handled
        // Answering takes the question off the screen (`Workbench.answerUpload`).
        case .upload: return .stays(.answerUpload(true))
        case .keepCopy: return .stays(.answerUpload(false))
        case .closed: return .close
        }
    }

    /// The mouse still reaches the workbench below.
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        EditDialogView.draw(self, in: area, into: &buffer)
        return .hidden
    }
}
