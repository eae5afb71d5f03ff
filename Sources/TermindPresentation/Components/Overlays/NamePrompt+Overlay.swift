import Foundation
import TermindDomain

// The name prompt in the overlay stack: typing edits the name (replacing the one it opened
// with, while that is selected), Enter acts on it as its purpose says (save a Template,
// broadcast to a tag's panes, rename a Recent Workspace, the shown Workspace or a pane), Esc
// closes.

extension NamePrompt: Overlay {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !isSaving else { return .handled }
        switch press.key {
        case .escape:
            return .close
        case .enter:
            let name = self.name.trimmingCharacters(in: .whitespaces)
            switch purpose {
            case .saveTemplate:
                isSaving = true
                problem = nil
                return .stays(.saveTemplate(named: name))
            case .broadcastTag:
                return .stays(.broadcast(toTag: name))
            case .renameRecent(let index):
                return .stays(.renameRecent(index, to: name))
            case .renameWorkspace(let id, _):
                return .closes(.renameWorkspace(id, to: name))
            case .renamePane(let id, _):
                return .closes(.renamePane(id, to: name))
            }
        case .backspace:
            if isNameSelected {
                name = ""
            } else if !name.isEmpty {
                name.removeLast()
            }
        case .character("u") where press.modifiers == .control:
            name = ""
        case .left, .right, .home, .end:
            // The field edits at its end only: a move keeps the name to add to it.
            break
        default:
            guard let character = press.typedCharacter else { return .handled }
            if isNameSelected { name = "" }
            name.append(character)
        }
        isNameSelected = false
        problem = nil
        return .handled
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        if isNameSelected { name = "" }
        isNameSelected = false
        name += Workbench.firstLine(of: bytes)
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        NamePromptView.draw(self, panes: context.shownPanes, tags: context.vault.hostTags, in: area, into: &buffer)
    }
}
