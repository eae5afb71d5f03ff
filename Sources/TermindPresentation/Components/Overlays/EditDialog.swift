import TermindDomain

/// What the workbench asks or tells about an edit, over the panes: whether a changed copy goes
/// back to the server (Upload / Keep the local copy), or, when a copy is kept, why and where it
/// is. Its text is made terminal-safe when it is built (paths come from a server). A plain
/// value owned by the workbench.
struct EditDialog: Equatable {
    enum Kind: Equatable {
        /// Upload the changed copy? The answer goes back to the waiting edit.
        case upload
        /// What became of the edit; any key closes it.
        case report
    }

    /// What the keys did.
    enum Outcome: Equatable {
        case open
        case upload
        case keepCopy
        case closed
    }

    let kind: Kind
    let title: String
    let lines: [String]
    /// For `upload`: 0 Upload, 1 Keep the local copy.
    var selectedButton = 0

    static let uploadButtons = ["Upload", "Keep the local copy"]

    /// The question after the editor changed the copy of `file` (`HOST:PATH`).
    static func upload(_ file: String, opened: FileVersion?) -> EditDialog {
        let safe = TerminalSafeText(file).text
        let version = opened.map { " It replaces the file only if it is still the version opened (\($0))." } ?? ""
        return EditDialog(
            kind: .upload, title: "Upload your changes?",
            lines: ["The editor changed your copy of \(safe).\(version)"])
    }

    /// What became of an edit whose copy is kept, or that could not begin: `lines` are messages
    /// that may carry a server's text, made safe as messages (an escaped path stays as it is).
    static func report(_ title: String, _ lines: [String]) -> EditDialog {
        let safe = lines.filter { !$0.isEmpty }.flatMap { TerminalSafeText.message($0).split(separator: "\n").map(String.init) }
        return EditDialog(kind: .report, title: TerminalSafeText.message(title), lines: safe)
    }

    // MARK: - Keys

    mutating func handle(_ press: KeyPress) -> Outcome {
        guard kind == .upload else { return .closed }
        switch press.key {
        case .escape: return .keepCopy
        case .left, .right, .tab: selectedButton = 1 - selectedButton
        case .enter: return selectedButton == 0 ? .upload : .keepCopy
        case .character(let character) where press.modifiers.isEmpty:
            switch character.lowercased() {
            case "u", "y": return .upload
            case "k", "n": return .keepCopy
            default: break
            }
        default: break
        }
        return .open
    }
}
