import Foundation
import TermindDomain

// Names the person gives (docs/behaviour.md §5): `C-\ ,` renames the shown Workspace, as tmux's
// `,` renames a window, and `C-\ P` the focused pane. Both ask in the name prompt, the current
// name selected so typing replaces it; an empty name gives back the automatic one. The
// Workspace's name is its tab's; the pane's shows in its title line and the status bar instead
// of its Host's label. Both are saved with Templates and Recent Workspaces (`TemplateLayout`).

extension Workbench {
    func openRenameWorkspacePrompt() {
        dispatcher.reset()
        namePrompt = NamePrompt(purpose: .renameWorkspace(id: workspace.id, automatic: automaticName(of: workspace)), name: workspace.name)
    }

    func openRenamePanePrompt() {
        let pane = workspace.focusedPane
        let automatic = automaticName(of: pane)
        dispatcher.reset()
        namePrompt = NamePrompt(purpose: .renamePane(pane.id, automatic: automatic), name: pane.name ?? automatic ?? "")
    }

    /// The Workspace `id` (still open) takes `name`; an empty one gives back its automatic name.
    func renameWorkspace(_ id: UUID, to name: String) {
        guard let index = workspaces.firstIndex(where: { $0.id == id }) else { return }
        workspaces[index].rename(to: name, automatic: automaticName(of: workspaces[index]))
    }

    /// Pane `id` (wherever it is now) takes `name`; an empty one gives back its Host's label.
    func renamePane(_ id: PaneID, to name: String) {
        guard let index = workspaces.firstIndex(where: { $0.contains(id) }), let pane = workspaces[index].pane(id) else { return }
        workspaces[index].renamePane(id, to: name, automatic: automaticName(of: pane))
    }

    /// The name the workbench gives a Workspace when its first Host opens (`openPane`), worked
    /// out again: its first pane with a Host, in reading order ("" while every pane is empty).
    func automaticName(of workspace: Workspace) -> String {
        for pane in workspace.panes where pane.kind != .empty {
            if let label = automaticName(of: pane) { return label }
        }
        return ""
    }

    /// What a pane without a name of its own shows: its Host's label (nil for an empty pane).
    func automaticName(of pane: Pane) -> String? {
        if let label = panes[pane.id]?.hostLabel { return label }
        return pane.kind == .localBrowser ? BrowserSide.local.name : nil
    }
}
