import Foundation
import TermindApplication
import TermindDomain

/// What overlays read besides their own state, as the workbench has it when the event comes
/// or the frame is drawn: the keymap, the Vault as last read, the Workspaces, the queue. Built
/// by `Workbench.overlayContext`; overlays never reach the workbench itself.
@MainActor
struct OverlayContext {
    var keymap: Keymap
    /// A prefix was pressed and the dispatcher waits for the key after it.
    var isAwaitingKey = false
    var vault = WorkbenchVault()
    var workspaces: [Workspace] = []
    /// How many panes the shown Workspace has.
    var shownPanes = 0
    var transferState: TransferQueueState?
    /// The forwards overlay's rows, worked out only when it asks.
    var forwardRows: @MainActor () -> [ForwardsOverlay.Row] = { [] }
    var now = Date()

    /// The keys of an action's first binding, as the person presses them ("C-\ t").
    func keys(for action: KeyAction) -> String? {
        keymap.triggers(for: action).first?.keysText(prefix: keymap.prefix)
    }
}
