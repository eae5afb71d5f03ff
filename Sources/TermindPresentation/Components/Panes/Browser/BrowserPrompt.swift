import TermindDomain

/// The line a browser pane is asking on, at its foot: where to go, the filter, a new
/// directory's or an entry's new name, permissions in octal, or a yes/no before deleting. A
/// plain value.
struct BrowserPrompt: Equatable {
    enum Purpose: Equatable {
        case path
        case filter
        case makeDirectory
        /// A new name for the entry at this path.
        case rename(String)
        case changePermissions([String])
        /// Deleting these takes `entries` entries in all (directories recursively).
        case confirmDelete([String], entries: Int)
    }

    let purpose: Purpose
    var text: String

    init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
    }

    /// True when the prompt takes a line of text (the delete question takes y or n).
    var takesText: Bool {
        if case .confirmDelete = purpose { return false }
        return true
    }

    /// What the prompt asks, before the text.
    var question: String {
        switch purpose {
        case .path: "Go to: "
        case .filter: "Filter: "
        case .makeDirectory: "New directory: "
        case .rename(let path): "Rename \(TerminalSafeText(RemotePath.name(of: path)).text) to: "
        case .changePermissions(let paths):
            "Permissions (octal) for \(paths.count == 1 ? TerminalSafeText(RemotePath.name(of: paths[0])).text : "\(paths.count) entries"): "
        case .confirmDelete(let paths, let entries) where paths.count == 1:
            "Delete \(TerminalSafeText(RemotePath.name(of: paths[0])).text)"
                + (entries > 1 ? " and the \(entries - 1) entr\(entries == 2 ? "y" : "ies") in it" : "") + "? (y/n) "
        case .confirmDelete(let paths, let entries):
            "Delete \(paths.count) entries" + (entries > paths.count ? ", \(entries) in all" : "") + "? (y/n) "
        }
    }
}
