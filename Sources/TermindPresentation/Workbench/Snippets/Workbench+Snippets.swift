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

    func send(_ picker: SnippetPicker) {
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
