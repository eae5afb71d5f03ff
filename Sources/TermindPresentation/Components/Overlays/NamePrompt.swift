import Foundation
import TermindDomain

/// A one-line prompt over the panes for a name: the Template to save the shown Workspace as
/// (`C-\ S`), the tag whose panes receive broadcast input (`C-\ T`), a Recent Workspace's new
/// name (F6), the shown Workspace's or the focused pane's new name (`C-\ ,`, `C-\ P`). It keeps
/// the name typed and why the last try was refused. A plain value owned by the workbench.
struct NamePrompt {
    enum Purpose: Equatable {
        case saveTemplate
        case broadcastTag
        /// A new name for the Recent Workspace at this index.
        case renameRecent(index: Int)
        /// A new name for the open Workspace with this id; a blank one gives back `automatic`.
        case renameWorkspace(id: UUID, automatic: String)
        /// A new name for this pane; a blank one gives back `automatic` (its Host's label).
        case renamePane(PaneID, automatic: String?)
    }

    let purpose: Purpose
    var name: String
    /// The name the prompt opened with, until the first key: typing or a paste replaces it (a
    /// Template saved as the Workspace `srv` and typed `lab4` is `lab4`, not `srvlab4`),
    /// Backspace erases it, an arrow, Home or End keeps it to edit.
    var isNameSelected: Bool
    var problem: String?
    /// True while the Vault write is under way (keys wait).
    var isSaving = false

    init(purpose: Purpose, name: String) {
        self.purpose = purpose
        self.name = name
        self.isNameSelected = !name.isEmpty
    }
}
