import Foundation

// The name prompt's keys (`NamePrompt`): typing edits the name, Enter acts on it as its
// purpose says (save a Template, broadcast to a tag's panes), Esc closes it.

extension Workbench {
    func handleNamePromptKey(_ press: KeyPress) {
        guard var prompt = namePrompt, !prompt.isSaving else { return }
        switch press.key {
        case .escape:
            namePrompt = nil
            return
        case .enter:
            let name = prompt.name.trimmingCharacters(in: .whitespaces)
            switch prompt.purpose {
            case .saveTemplate:
                prompt.isSaving = true
                prompt.problem = nil
                namePrompt = prompt
                saveTemplate(named: name)
            case .broadcastTag:
                broadcast(toTag: name)
            case .renameRecent(let index):
                renameRecent(index, to: name)
            }
            return
        case .backspace:
            if !prompt.name.isEmpty { prompt.name.removeLast() }
        case .character("u") where press.modifiers == .control:
            prompt.name = ""
        default:
            guard let character = press.typedCharacter else { return }
            prompt.name.append(character)
        }
        prompt.problem = nil
        namePrompt = prompt
    }
}
