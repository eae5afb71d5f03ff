import TermindDomain

// The copy picker in the overlay stack: ↑↓ (or the pane's number) choose, Enter copies into the
// chosen browser's directory, Esc copies nothing.

extension CopyTargetPicker: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch (press.key, press.typedCharacter) {
        case (.escape, _):
            return .closes(.cancelCopy)
        case (.enter, _):
            guard let copy = chosenCopy else { return .close }
            return .closes(.submitCopy(copy, from: source, pane: sourcePane))
        case (.up, _), (_, "k"):
            move(by: -1)
        case (.down, _), (_, "j"), (.tab, _):
            move(by: 1)
        case (.home, _):
            move(by: -targets.count)
        case (.end, _):
            move(by: targets.count)
        case (_, let character?):
            if let digit = character.wholeNumberValue, select(number: digit), let copy = chosenCopy {
                return .closes(.submitCopy(copy, from: source, pane: sourcePane))
            }
        default:
            break
        }
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        CopyTargetPickerView.draw(self, in: area, into: &buffer)
    }
}
