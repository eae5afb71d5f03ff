import Foundation
import TermindApplication
import TermindDomain

/// What an overlay asks the workbench to do once its input is handled: the work that reaches
/// beyond the overlay's own state (the Vault, a pane, a connection, the queue). Carried out by
/// `Workbench.carryOut(_:)`.
enum OverlayEffect {
    // Status bar questions
    case quit
    case clearRecent
    case closePane(PaneID)
    case movePane(toWorkspace: Int)
    // Modal questions
    case answerInteraction(InteractionAnswer)
    case cancelInteraction
    case answerUpload(Bool)
    case answerConflict(TransferQueueQuestion.ID, ConflictAnswer)
    // Pickers and forms
    case openCandidate(QuickOpen.Candidate, inPane: PaneID?)
    case saveTemplate(named: String)
    case broadcast(toTag: String)
    case renameRecent(Int, to: String)
    case renameWorkspace(UUID, to: String)
    case renamePane(PaneID, to: String)
    case openVaultForm(VaultForm.Subject)
    case saveVaultForm(VaultForm)
    case askRemoval(VaultRemoval.Kind, label: String)
    case removeVaultRecord(VaultRemoval)
    case sendSnippet(SnippetPicker)
    case searchHistory
    case insertCommand(CommandHistoryEntry, into: PaneID)
    /// The copy picker chose: the copy (its destination set) from `source` (`srv:/home/me`).
    case submitCopy(BrowserCopy, from: String, pane: PaneID?)
    case cancelCopy
    // Screens
    case commitImport(ImportSelection, of: ImportPreview, screen: ImportScreen.ID)
    case controlTransfer(TransferQueueOverlay.Command)
    case toggleForward(ForwardsOverlay.Row)
    /// Opens the rule editor: changing the row's rule, or (nil) a new rule for `host` first.
    case editForward(ForwardsOverlay.Row?, host: String?)
    case askForwardRemoval(ForwardsOverlay.Row)
    /// Writes one rule's change to the Host in the Vault (the editor's or the question's).
    case saveForward(ForwardChange, host: String)
    /// The forwards overlay closed: it is no longer drawn again twice a second.
    case stopForwardsRefresh
}
