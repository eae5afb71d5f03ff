import TermindApplication
import TermindDomain

/// The transfer queue's conflict questions, one at a time (the first the queue waits on): o, s,
/// k answer for this file; O, S, K for the rest of its Batch; Escape skips. Open while the
/// queue has a question (`Workbench.transfersChanged`); it reads them from the queue's state,
/// so an answered one leaves the screen at once.
struct TransferConflictQuestion: Overlay {
    var level: OverlayLevel { .transferConflict }

    func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard let question = context.transferState?.questions.first else { return .passThrough }
        let answer: ConflictAnswer?
        if press.key == .escape {
            answer = ConflictAnswer(.skip)
        } else {
            switch press.typedCharacter {
            case "o": answer = ConflictAnswer(.overwrite)
            case "s": answer = ConflictAnswer(.skip)
            case "k": answer = ConflictAnswer(.keepBoth)
            case "O": answer = ConflictAnswer(.overwrite, applyToRest: true)
            case "S": answer = ConflictAnswer(.skip, applyToRest: true)
            case "K": answer = ConflictAnswer(.keepBoth, applyToRest: true)
            default: answer = nil
            }
        }
        guard let answer else { return .handled }
        return .stays(.answerConflict(question.id, answer))
    }

    /// The mouse still reaches the workbench below.
    func handleMouse(_ event: MouseEvent, context: OverlayContext) -> OverlayOutcome { .passThrough }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        guard let questions = context.transferState?.questions, let question = questions.first else { return nil }
        TransferConflictView.draw(question, waiting: questions.count, in: area, into: &buffer)
        return .hidden
    }
}
