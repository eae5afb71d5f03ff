import TermindApplication
import TermindDomain

/// What the workbench itself, not one of its panes, asks the world to do: read the Vault's
/// Hosts again, watch how many interactions wait, read or commit an import. They run in
/// `Workbench+Effects.swift` beside the panes' effects, so every task the workbench starts,
/// starts there; the result comes back to the workbench on the main actor.
enum WorkbenchEffect {
    /// Read the Hosts again in the background (a script may have changed the Vault).
    case reloadHosts
    /// Ask the queue how many interactions wait; again every half second while a dialog is open.
    case watchPendingInteractions
    /// Read the import preview for the Import screen `screen`.
    case previewImport(screen: ImportScreen.ID)
    /// Write what the Import screen `screen` checked, then read the Hosts again.
    case commitImport(ImportSelection, of: ImportPreview, screen: ImportScreen.ID)
    /// List the transfers earlier runs left interrupted (at start; none is resumed by itself).
    case listInterruptedTransfers
    /// Queue a copy a pane asked for.
    case submitTransfer(TransferRequest)
    /// Pause, resume, cancel or clear in the transfer queue, as the overlay's keys asked.
    case controlTransfer(TransferQueueOverlay.Command)
    /// Open a browser's file in the person's editor, the screen lent to it meanwhile; a Host's
    /// file through a managed local copy, uploaded only when changed and the person agrees.
    case editFile(FileEdit)
}
