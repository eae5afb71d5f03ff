import TermindDomain

/// The Snippet picker (`C-\ s`): the Vault's Snippets filtered as the person types (fuzzy, by
/// label, tags and script), then a value for each `{{variable}}` the chosen one has, then the
/// whole script as it will be sent, confirmed with Enter. It goes to the panes fixed when the
/// picker opened: the focused pane, or every pane of the broadcast it is in. A plain value
/// owned by the workbench; loading and sending are in `Workbench+Snippets`.
struct SnippetPicker {
    enum Stage: Equatable {
        case choosing
        /// Typing the value of `variables[index]`.
        case filling(index: Int)
        /// The script with its values, shown whole before anything is sent.
        case confirming
    }

    let targets: [PaneID]
    var snippets: [Snippet] = []
    var isLoaded = false
    var problem: String?
    var query = ""
    var selection = 0
    var stage = Stage.choosing
    var chosen: Snippet?
    var variables: [String] = []
    var values: [String: String] = [:]
    /// The value being typed.
    var field = ""

    init(targets: [PaneID]) {
        self.targets = targets
    }

    /// The Snippets that match the query, best first (all of them, by label, for no query).
    var matches: [Snippet] {
        guard !query.isEmpty else { return snippets }
        return snippets.compactMap { snippet -> (Snippet, Int)? in
            let text = ([snippet.label.rawValue] + snippet.tags + [snippet.script]).joined(separator: " ")
            let score = [FuzzyMatch.score(query, in: snippet.label.rawValue).map { $0 * 2 }, FuzzyMatch.score(query, in: text)]
                .compactMap { $0 }.max()
            return score.map { (snippet, $0) }
        }
        .sorted { $0.1 > $1.1 }
        .map(\.0)
    }

    var selected: Snippet? {
        let matches = self.matches
        return matches.isEmpty ? nil : matches[min(selection, matches.count - 1)]
    }

    /// Takes the selected Snippet: its variables to fill, or straight to confirming.
    mutating func choose() {
        guard let snippet = selected else { return }
        chosen = snippet
        variables = SnippetTemplate(snippet.script).variables
        values = [:]
        field = ""
        stage = variables.isEmpty ? .confirming : .filling(index: 0)
    }

    /// Keeps the typed value and moves to the next variable, or to confirming.
    mutating func acceptField() {
        guard case .filling(let index) = stage, index < variables.count else { return }
        values[variables[index]] = field
        field = ""
        stage = index + 1 < variables.count ? .filling(index: index + 1) : .confirming
    }

    /// The script as it will be sent.
    var rendered: String {
        chosen.map { SnippetTemplate($0.script).rendered(values) } ?? ""
    }

    /// The bytes a pane is given as a paste: the rendered script without control characters
    /// but newline and tab (an ESC would end a bracketed paste early and type the rest).
    var insertion: [UInt8] {
        var text = ""
        for scalar in rendered.unicodeScalars where scalar == "\n" || scalar == "\t" || !TerminalSafeText.isControl(scalar) {
            text.unicodeScalars.append(scalar)
        }
        return Array(text.utf8)
    }
}
