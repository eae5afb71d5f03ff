import TermindApplication
import TermindDomain

// The Import screen in the overlay stack: Space and a check rows, Enter checks the selection
// against the import's rules and asks the workbench to write it; a refusal stays on the
// checklist with its reason, and nothing is written.

extension ImportScreen: Overlay {
    var level: OverlayLevel { .screen }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch phase {
        case .loading, .failed, .done:
            return press.key == .escape || press.key == .enter || phase != .loading ? .close : .handled
        case .committing:
            return .handled
        case .choosing:
            break
        }
        switch (press.key, press.modifiers) {
        case (.escape, _):
            return .close
        case (.up, _), (.character("k"), []), (.character("p"), .control): moveCursor(by: -1)
        case (.down, _), (.character("j"), []), (.character("n"), .control): moveCursor(by: 1)
        case (.pageUp, _): moveCursor(by: -10)
        case (.pageDown, _): moveCursor(by: 10)
        case (.home, _): cursor = 0
        case (.end, _): moveCursor(by: rows.count)
        case (.character(" "), []): toggleCurrent()
        case (.character("a"), []): toggleAll()
        case (.enter, _):
            if let commit = commit() { return .stays(commit) }
        default:
            break
        }
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        ImportScreenView.draw(self, in: area, into: &buffer)
        return .hidden
    }

    /// The write of the checked selection, once it passes the import's rules; otherwise the
    /// reason stays on the screen.
    private mutating func commit() -> OverlayEffect? {
        guard let preview else { return nil }
        let selection = self.selection
        guard !selection.isEmpty else {
            problem = "nothing is checked: Space checks the row, a checks every new item"
            return nil
        }
        do {
            _ = try ImportPlan(selection, in: preview, passphrasesAvailable: false)
        } catch {
            problem = error.description
            return nil
        }
        problem = nil
        phase = .committing
        return .commitImport(selection, of: preview, screen: id)
    }
}
