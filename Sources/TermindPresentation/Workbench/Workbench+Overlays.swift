import Foundation
import TermindApplication
import TermindDomain

// The overlay stack in the workbench: a key, a paste or a mouse event goes to the top overlay
// first (`OverlayStack.sendToTop`); what it returns is carried out here, and an event it lets
// through goes on to the keymap, the Navigator or the panes. Each overlay is opened by a push
// (through the typed accessors below) and closed by a pop.

extension Workbench {
    // MARK: - Routing

    /// Gives the top overlay a key; true when it took it. A key for anything but a modal
    /// overlay clears the status bar's line first (a modal one leaves it, as the dialogs did).
    func sendKeyToOverlays(_ press: KeyPress) -> Bool {
        guard let top = overlays.top else {
            message = nil
            return false
        }
        if !top.level.isModal { message = nil }
        let context = overlayContext
        let taken = send { $0.handleKey(press, context: context) }
        if !taken { message = nil }
        return taken
    }

    /// Gives the top overlay a paste; true when it took it.
    func sendPasteToOverlays(_ bytes: [UInt8]) -> Bool {
        guard !overlays.isEmpty else { return false }
        let context = overlayContext
        return send { $0.handlePaste(bytes, context: context) }
    }

    /// Gives the top overlay a mouse event; true when it took it.
    func sendMouseToOverlays(_ event: MouseEvent) -> Bool {
        guard !overlays.isEmpty else { return false }
        let context = overlayContext
        return send { $0.handleMouse(event, context: context) }
    }

    private func send(_ event: (inout any Overlay) -> OverlayOutcome) -> Bool {
        guard let outcome = overlays.sendToTop(event) else { return false }
        for effect in outcome.effects { carryOut(effect) }
        return outcome.next != .passesThrough
    }

    /// Draws every overlay over the panes, the bottom one first (`OverlayStack.draw`).
    func drawOverlays(into buffer: inout CellBuffer, in area: CellRect, cursor below: ScreenCursor) -> ScreenCursor {
        guard !overlays.isEmpty else { return below }
        return overlays.draw(into: &buffer, in: area, context: overlayContext, cursor: below)
    }

    var overlayContext: OverlayContext {
        OverlayContext(
            keymap: keymap, isAwaitingKey: dispatcher.isAwaitingKey, vault: vault, workspaces: workspaces,
            shownPanes: workspace.panes.count, transferState: transfers?.state,
            forwardRows: { [unowned self] in self.forwardRows }, now: Date())
    }

    // MARK: - Effects

    /// Does what an overlay asked once its input was handled.
    func carryOut(_ effect: OverlayEffect) {
        switch effect {
        case .quit:
            exitStatus = 0
        case .clearRecent:
            recent = []
            message = "the Recent Workspaces are cleared"
        case .closePane(let pane):
            if workspace.focusedPaneID == pane { closeFocusedPane() }
        case .movePane(let position):
            movePane(toWorkspace: position)
        case .answerInteraction(let answer):
            dialogs.answer(answer)
        case .cancelInteraction:
            dialogs.cancelCurrent()
        case .answerUpload(let upload):
            answerUpload(upload)
            if upload { message = "uploading…" }
        case .answerConflict(let question, let answer):
            transfers?.answer(question, answer)
        case .openCandidate(let candidate, let target):
            switch candidate {
            case .host(let host): open(host, in: target)
            case .workspace(let index, _): selectWorkspace(index)
            case .recent(let index, _): openRecent(index)
            case .template(let template): openTemplate(template)
            case .action(let action, _): perform(action)
            }
        case .saveTemplate(let name):
            saveTemplate(named: name)
        case .broadcast(let tag):
            broadcast(toTag: tag)
        case .renameRecent(let index, let name):
            renameRecent(index, to: name)
        case .renameWorkspace(let id, let name):
            renameWorkspace(id, to: name)
        case .renamePane(let id, let name):
            renamePane(id, to: name)
        case .openVaultForm(let subject):
            openVaultForm(subject)
        case .saveVaultForm(let form):
            saveVaultForm(form)
        case .askRemoval(let kind, let label):
            askRemoval(kind, label: label)
        case .removeVaultRecord(let removal):
            remove(removal)
        case .sendSnippet(let picker):
            send(picker)
        case .searchHistory:
            searchHistory()
        case .submitCopy(let copy, let source, let pane):
            submitCopy(copy, from: source, pane: pane)
        case .cancelCopy:
            message = "nothing copied"
        case .insertCommand(let entry, let target):
            guard let pane = panes[target] as? TerminalPane, pane.status == .connected else {
                message = "the pane has no live shell to put the command in"
                return
            }
            deliver(.paste(HistoryOverlay.insertion(of: entry.command, bracketed: pane.surface.bracketsPastes)), to: target)
        case .commitImport(let selection, let preview, let screen):
            run(.commitImport(selection, of: preview, screen: screen))
        case .controlTransfer(let command):
            run(.controlTransfer(command))
        case .toggleForward(let row):
            toggleForward(row)
        case .editForward(let row, let host):
            openForwardEditor(row, host: host)
        case .askForwardRemoval(let row):
            askForwardRemoval(row)
        case .saveForward(let change, let host):
            saveForward(change, of: host)
        case .stopForwardsRefresh:
            forwardRuns.refresh?.cancel()
            forwardRuns.refresh = nil
        }
    }

    // MARK: - Each overlay, by its type

    /// The form of the interaction on screen.
    var dialog: InteractionDialog? {
        get { overlays[InteractionDialog.self] }
        set { overlays[InteractionDialog.self] = newValue }
    }
    /// The edit's question or report on screen.
    var editDialog: EditDialog? {
        get { overlays[EditDialog.self] }
        set { overlays[EditDialog.self] = newValue }
    }
    /// The question the status bar asks, while it waits for the next key.
    var statusQuestion: StatusQuestion? {
        get { overlays[StatusQuestion.self] }
        set { overlays[StatusQuestion.self] = newValue }
    }
    var help: KeyBindingsHelp? {
        get { overlays[KeyBindingsHelp.self] }
        set { overlays[KeyBindingsHelp.self] = newValue }
    }
    var quickOpen: QuickOpen? {
        get { overlays[QuickOpen.self] }
        set { overlays[QuickOpen.self] = newValue }
    }
    var importScreen: ImportScreen? {
        get { overlays[ImportScreen.self] }
        set { overlays[ImportScreen.self] = newValue }
    }
    var transferOverlay: TransferQueueOverlay? {
        get { overlays[TransferQueueOverlay.self] }
        set { overlays[TransferQueueOverlay.self] = newValue }
    }
    var forwardsOverlay: ForwardsOverlay? {
        get { overlays[ForwardsOverlay.self] }
        set { overlays[ForwardsOverlay.self] = newValue }
    }
    var historyOverlay: HistoryOverlay? {
        get { overlays[HistoryOverlay.self] }
        set { overlays[HistoryOverlay.self] = newValue }
    }
    var snippetPicker: SnippetPicker? {
        get { overlays[SnippetPicker.self] }
        set { overlays[SnippetPicker.self] = newValue }
    }
    /// The prompt asking a Template's name, a broadcast's tag, or a new name for a Recent
    /// Workspace, the shown Workspace or a pane.
    var namePrompt: NamePrompt? {
        get { overlays[NamePrompt.self] }
        set { overlays[NamePrompt.self] = newValue }
    }
    /// The form adding or editing a Vault record (`Workbench+VaultForms`).
    var vaultForm: VaultForm? {
        get { overlays[VaultForm.self] }
        set { overlays[VaultForm.self] = newValue }
    }
    /// The question before a Vault record is removed.
    var vaultRemoval: VaultRemoval? {
        get { overlays[VaultRemoval.self] }
        set { overlays[VaultRemoval.self] = newValue }
    }
}
