import Foundation
import TermindApplication
import TermindDomain

// The command history overlay's keys and searches (docs/behaviour.md §3): each change of the
// query or scope asks the services port again; an answer is shown only if no newer search was
// asked meanwhile. Enter hands the chosen command to the focused pane as a paste, so it lands
// at the prompt as typed text (bracketed when the program asked) and never runs by itself.

extension Workbench {
    func openHistoryOverlay() {
        let pane = workspace.focusedPaneID
        let label = (panes[pane] as? TerminalPane)?.hostLabel
        historyOverlay = HistoryOverlay(targetPane: pane, paneHost: hosts.first { $0.label.rawValue == label })
        dispatcher.reset()
        searchHistory()
    }

    /// Searches with the overlay's query and scope as they are now.
    func searchHistory() {
        guard var overlay = historyOverlay else { return }
        overlay.searchNumber += 1
        overlay.selection = 0
        historyOverlay = overlay
        let number = overlay.searchNumber, query = overlay.search
        Task { [weak self, services] in
            let result: Result<[CommandHistoryEntry], any Error>
            do {
                result = .success(try await services.searchCommands(query))
            } catch {
                result = .failure(error)
            }
            guard let self, self.historyOverlay?.searchNumber == number else { return }
            switch result {
            case .success(let entries):
                self.historyOverlay?.results = entries
                self.historyOverlay?.problem = nil
            case .failure(let error):
                self.historyOverlay?.results = []
                self.historyOverlay?.problem = "the search failed: \(Self.text(of: error))"
            }
            self.onChange()
        }
    }
}
