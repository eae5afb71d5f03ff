/// A one-line prompt over the panes for a name: the Template to save the shown Workspace as
/// (`C-\ S`), or the tag whose panes receive broadcast input (`C-\ T`). It keeps the name typed
/// and why the last try was refused. A plain value owned by the workbench.
struct NamePrompt {
    enum Purpose: Equatable {
        case saveTemplate
        case broadcastTag
        /// A new name for the Recent Workspace at this index.
        case renameRecent(index: Int)
    }

    let purpose: Purpose
    var name: String
    var problem: String?
    /// True while the Vault write is under way (keys wait).
    var isSaving = false
    /// True while the prefilled name is selected, as a text field selects it: the first
    /// character typed (or pasted) replaces it; Backspace or an arrow keeps it to edit.
    var isPrefillSelected: Bool

    init(purpose: Purpose, name: String) {
        self.purpose = purpose
        self.name = name
        isPrefillSelected = !name.isEmpty
    }
}
