import TermindApplication
import TermindDomain

// The Import screen in the workbench: opened by the `import` action (or Quick Open), its
// preview read and its selection committed through the services, the Hosts read again after.

extension Workbench {
    func openImportScreen() {
        let screen = ImportScreen()
        importScreen = screen
        dispatcher.reset()
        run(.previewImport(screen: screen.id))
    }

    func handleImportKey(_ press: KeyPress) {
        guard var screen = importScreen else { return }
        switch screen.phase {
        case .loading, .failed, .done:
            if press.key == .escape || press.key == .enter || screen.phase != .loading { importScreen = nil }
            return
        case .committing:
            return
        case .choosing:
            break
        }
        switch (press.key, press.modifiers) {
        case (.escape, _):
            importScreen = nil
            return
        case (.up, _), (.character("k"), []), (.character("p"), .control): screen.moveCursor(by: -1)
        case (.down, _), (.character("j"), []), (.character("n"), .control): screen.moveCursor(by: 1)
        case (.pageUp, _): screen.moveCursor(by: -10)
        case (.pageDown, _): screen.moveCursor(by: 10)
        case (.home, _): screen.cursor = 0
        case (.end, _): screen.moveCursor(by: screen.rows.count)
        case (.character(" "), []): screen.toggleCurrent()
        case (.character("a"), []): screen.toggleAll()
        case (.enter, _):
            commitImport(&screen)
        default:
            break
        }
        importScreen = screen
    }

    /// Checks the selection against the import's rules, then writes it in the background; a
    /// refusal stays on the checklist with its reason, and nothing is written.
    private func commitImport(_ screen: inout ImportScreen) {
        guard let preview = screen.preview else { return }
        let selection = screen.selection
        guard !selection.isEmpty else {
            screen.problem = "nothing is checked: Space checks the row, a checks every new item"
            return
        }
        do {
            _ = try ImportPlan(selection, in: preview, passphrasesAvailable: false)
        } catch {
            screen.problem = error.description
            return
        }
        screen.problem = nil
        screen.phase = .committing
        run(.commitImport(selection, of: preview, screen: screen.id))
    }

    static func text(of error: any Error) -> String {
        String(describing: error)
    }
}
