import TermindApplication
import TermindDomain

// The Snippet picker's loading, keys and sending (docs/behaviour.md §3): the Vault's Snippets
// are read when it opens; a chosen Snippet's variables are asked one by one, the whole script
// is shown, and Enter gives it to each target pane as a paste (bracketed where the program
// asked), so nothing runs that the person did not see.

extension Workbench {
    func openSnippetPicker() {
        let targets = inputTargets.filter { (panes[$0] as? TerminalPane)?.status == .connected }
        guard !targets.isEmpty else {
            message = "a Snippet goes to a connected terminal pane: focus one first"
            return
        }
        snippetPicker = SnippetPicker(targets: targets)
        dispatcher.reset()
        Task { [weak self, services] in
            let result: Result<[Snippet], any Error>
            do { result = .success(try await services.snippets()) } catch { result = .failure(error) }
            guard let self, self.snippetPicker != nil else { return }
            switch result {
            case .success(let snippets): self.snippetPicker?.snippets = snippets.sorted { $0.label < $1.label }
            case .failure(let error): self.snippetPicker?.problem = "the Vault could not be read: \(Self.text(of: error))"
            }
            self.snippetPicker?.isLoaded = true
            self.onChange()
        }
    }

    func handleSnippetKey(_ press: KeyPress) {
        guard var picker = snippetPicker else { return }
        if press.key == .escape {
            snippetPicker = nil
            return
        }
        switch picker.stage {
        case .choosing:
            switch press.key {
            case .enter: picker.choose()
            case .function(7), .insert:
                openVaultForm(.snippet(editing: nil))
                return
            case .function(6):
                editSnippet(picker.selected)
                return
            case .character("e") where press.modifiers == .control:
                editSnippet(picker.selected)
                return
            case .function(8), .delete:
                if let snippet = picker.selected { askRemoval(.snippet, label: snippet.label.rawValue) }
                return
            case .up: picker.selection = max(0, picker.selection - 1)
            case .down: picker.selection = min(max(0, picker.matches.count - 1), picker.selection + 1)
            case .character("p") where press.modifiers == .control: picker.selection = max(0, picker.selection - 1)
            case .character("n") where press.modifiers == .control:
                picker.selection = min(max(0, picker.matches.count - 1), picker.selection + 1)
            case .backspace:
                if !picker.query.isEmpty { picker.query.removeLast() }
                picker.selection = 0
            case .character("u") where press.modifiers == .control:
                picker.query = ""
                picker.selection = 0
            default:
                guard let character = press.typedCharacter else { return }
                picker.query.append(character)
                picker.selection = 0
            }
        case .filling:
            switch press.key {
            case .enter: picker.acceptField()
            case .backspace: if !picker.field.isEmpty { picker.field.removeLast() }
            case .character("u") where press.modifiers == .control: picker.field = ""
            default:
                guard let character = press.typedCharacter else { return }
                picker.field.append(character)
            }
        case .confirming:
            guard press.key == .enter else { return }
            snippetPicker = nil
            send(picker)
            return
        }
        snippetPicker = picker
    }

    /// F6 or C-e in the picker: the form for the selected Snippet.
    private func editSnippet(_ snippet: Snippet?) {
        if let snippet { openVaultForm(.snippet(editing: snippet.label.rawValue)) }
    }

    /// A paste into the picker: the first line, into the query or the value being typed.
    func pasteIntoSnippetPicker(_ bytes: [UInt8]) {
        let text = Self.firstLine(of: bytes)
        switch snippetPicker?.stage {
        case .choosing: snippetPicker?.query += text
        case .filling: snippetPicker?.field += text
        default: break
        }
    }

    private func send(_ picker: SnippetPicker) {
        let live = picker.targets.filter { (panes[$0] as? TerminalPane)?.status == .connected }
        guard let snippet = picker.chosen, !live.isEmpty else {
            message = "the Snippet's panes are no longer connected: nothing was sent"
            return
        }
        for id in live { deliver(.paste(picker.insertion), to: id) }
        let label = TerminalSafeText(snippet.label.rawValue).text
        message = live.count == 1 ? "Snippet \(label) typed into the pane" : "Snippet \(label) typed into \(live.count) panes"
    }
}
