import Foundation
import TermindDomain

// The name prompt in the overlay stack: typing edits the name, Enter acts on it as its purpose
// says (save a Template, broadcast to a tag's panes, rename a Recent Workspace), Esc closes.

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
            }
        case .backspace:
            if !name.isEmpty { name.removeLast() }
        case .left, .right, .home, .end:
            break  // the name stays, now to edit
        case .character("u") where press.modifiers == .control:
            name = ""
        default:
            guard let character = press.typedCharacter else { return .handled }
            if isPrefillSelected { name = "" }
            name.append(character)
        }
        isPrefillSelected = false
        problem = nil
        return .handled
    }

    mutating func handlePaste(_ bytes: [UInt8], context: OverlayContext) -> OverlayOutcome {
        if isPrefillSelected { name = "" }
        isPrefillSelected = false
        name += Workbench.firstLine(of: bytes)
        return .handled
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        NamePromptView.draw(self, panes: context.shownPanes, tags: context.vault.hostTags, in: area, into: &buffer)
    }
}
