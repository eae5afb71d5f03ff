import Foundation

/// Names the person gives (`rename-workspace`, `rename-pane`, as tmux's `,` renames a window).
/// A Workspace always has a name: a blank one gives it back its automatic name, the one the
/// workbench gave it (its first Host's label). A pane has a name only when the person gave it
/// one; without, it shows its Host's label.
extension Workspace {
    /// What the person typed as a name: control characters dropped (a name is drawn in the tab
    /// bar and the title lines), blanks around it trimmed; nil when nothing is left.
    public static func givenName(_ typed: String) -> String? {
        let kept = String(String.UnicodeScalarView(typed.unicodeScalars.filter { !$0.properties.generalCategory.isControl }))
        let trimmed = kept.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Names the Workspace `typed`; a blank name gives it back `automatic`.
    public mutating func rename(to typed: String, automatic: String) {
        name = Self.givenName(typed) ?? automatic
    }

    /// Names pane `id` `typed`; a blank name, or its automatic name itself, takes the name away
    /// so the pane shows its automatic name again (and follows its Host's label).
    public mutating func renamePane(_ id: PaneID, to typed: String, automatic: String?) {
        guard var pane = pane(id) else { return }
        let given = Self.givenName(typed)
        pane.name = given == automatic ? nil : given
        replacePane(pane)
    }
}

extension Unicode.GeneralCategory {
    /// C0 and C1 controls and the line breaks: a name is one line of text.
    fileprivate var isControl: Bool {
        switch self {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
