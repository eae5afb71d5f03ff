import Foundation
import TermindDomain

// What each key binding does (`KeyAction`), on the shown Workspace and its focused pane.

extension Workbench {
    func perform(_ action: KeyAction) {
        let area = workspaceArea.size
        let minimum = Self.minimumPane
        switch action {
        case .splitHorizontal: split(.horizontal)
        case .splitVertical: split(.vertical)
        case .closePane:
            if focusedPane?.isLive == true {
                statusQuestion = .closePane(workspace.focusedPaneID)
            } else {
                closeFocusedPane()
            }
        case .focus(let direction):
            focus = .panes
            workspace.focus(direction, in: area, minimumPane: minimum)
        case .focusNext:
            focus = .panes
            workspace.focusNext()
        case .focusPrevious:
            focus = .panes
            workspace.focusPrevious()
        case .resize(let direction, let cells):
            if !workspace.resizeFocusedPane(direction, by: .cells(cells), in: area, minimumPane: minimum) {
                message = "no divider to move that way"
            }
        case .swap(let direction):
            workspace.swapFocusedPane(direction, in: area, minimumPane: minimum)
        case .zoom:
            workspace.toggleZoom()
        case .newWorkspace:
            let pane = Pane.empty()
            workspaces.append(Workspace(name: "", pane: pane))
            selectedWorkspace = workspaces.count - 1
            installEmptyPane(pane.id, in: workspace)
            focus = .panes
        case .nextWorkspace:
            selectWorkspace((selectedWorkspace + 1) % workspaces.count)
        case .previousWorkspace:
            selectWorkspace((selectedWorkspace + workspaces.count - 1) % workspaces.count)
        case .selectWorkspace(let position):
            if workspaces.indices.contains(position - 1) {
                selectWorkspace(position - 1)
            } else {
                message = "there is no Workspace \(position)"
            }
        case .movePaneToWorkspace(let position?):
            movePane(toWorkspace: position)
        case .movePaneToWorkspace(nil):
            statusQuestion = .moveTarget
            message = "move the pane to which Workspace? press 1-9 (\(workspaces.count + 1) makes a new one)"
        case .renameWorkspace:
            openRenameWorkspacePrompt()
        case .renamePane:
            openRenamePanePrompt()
        case .toggleNavigator:
            toggleNavigator()
        case .quickOpen:
            openQuickOpen()
        case .showHelp:
            help = KeyBindingsHelp()
        case .scrollMode:
            deliver(.scrollMode, to: workspace.focusedPaneID)
        case .reconnect:
            reconnectFocusedPane()
        case .reconnectAll:
            reconnectLostPanes()
        case .importSSH:
            openImportScreen()
        case .quit:
            if panes.values.contains(where: \.isLive) || (transfers?.activeCount ?? 0) > 0 {
                statusQuestion = .quit
            } else {
                exitStatus = 0
            }
        case .sendPrefix:
            deliver(.sendPrefix(KeyPress(keymap.prefix)), to: workspace.focusedPaneID)
        case .transferQueue:
            toggleTransferQueue()
        case .forwards:
            toggleForwardsOverlay()
        case .copyMode:
            deliver(.copyMode, to: workspace.focusedPaneID)
        case .find:
            deliver(.find, to: workspace.focusedPaneID)
        case .previousPrompt:
            deliver(.previousPrompt, to: workspace.focusedPaneID)
        case .copyCommandOutput:
            deliver(.copyCommandOutput, to: workspace.focusedPaneID)
        case .paste:
            if let pasteBuffer = clipboard.pasteBuffer {
                deliver(.paste(pasteBuffer), to: workspace.focusedPaneID)
            } else {
                message = "nothing to paste yet: copy mode (\(keys(for: .copyMode) ?? "copy-mode")) copies"
            }
        case .openBrowser:
            openBrowser()
        case .openMetrics:
            openMetrics()
        case .history:
            openHistoryOverlay()
        case .toggleBroadcast:
            toggleBroadcast()
        case .broadcastWorkspace:
            toggleWorkspaceBroadcast()
        case .snippets:
            openSnippetPicker()
        case .saveTemplate:
            openSaveTemplatePrompt()
        case .broadcastTag:
            openBroadcastTagPrompt()
        }
    }

    func selectWorkspace(_ index: Int) {
        guard workspaces.indices.contains(index) else { return }
        selectedWorkspace = index
    }

    /// Splits the focused pane: a terminal's new pane opens the same Host (as tmux opens a new
    /// shell) in the directory its shell last reported; an empty pane's new pane is empty too.
    private func split(_ axis: SplitAxis) {
        guard workspace.canSplit(axis, in: workspaceArea.size, minimumPane: Self.minimumPane) else {
            message = "no room for another pane here"
            return
        }
        focus = .panes
        let current = workspace.focusedPane
        let label = panes[current.id]?.hostLabel
        let newPane = label == nil ? Pane.empty() : Pane(kind: current.kind == .empty ? .empty : .terminal, hostID: current.hostID)
        workspace.split(axis, with: newPane)
        if let label, newPane.kind != .empty {
            let directory = (panes[current.id] as? TerminalPane)?.surface.workingDirectory
            startSession(for: newPane.id, kind: newPane.kind, label: label, directory: directory)
        } else {
            installEmptyPane(newPane.id, in: workspace)
        }
    }

    /// Closes the focused pane and its Session; the last pane closes its Workspace, and the
    /// last Workspace gives way to a new empty one (the workbench stays open until quit).
    func closeFocusedPane() {
        let id = workspace.focusedPaneID
        closeSession(id)
        switch workspace.removingPane(id) {
        case .remaining(let remaining, _):
            workspace = remaining
        case .workspaceEmptied:
            workspaces.remove(at: selectedWorkspace)
            if workspaces.isEmpty {
                let pane = Pane.empty()
                workspaces = [Workspace(name: "", pane: pane)]
                install(PaneKinds.component(for: .empty, id: pane.id, hostLabel: nil, size: .zero))
            }
            selectedWorkspace = min(selectedWorkspace, workspaces.count - 1)
        case .notFound:
            break
        }
    }

    /// Moves the focused pane, with its Session, to Workspace `position` (counted from 1); one
    /// past the last makes a new Workspace.
    func movePane(toWorkspace position: Int) {
        let target = position - 1
        guard target != selectedWorkspace else {
            message = "the pane is already in Workspace \(position)"
            return
        }
        let id = workspace.focusedPaneID
        if workspaces.indices.contains(target) {
            guard let move = Workspace.movePane(id, from: workspace, to: workspaces[target]) else { return }
            workspaces[target] = move.destination
            replaceSource(with: move.source, thenSelect: move.destination.id)
        } else if target == workspaces.count {
            let removal = workspace.removingPane(id)
            guard let moved = removal.removedPane else { return }
            let destination = Workspace(name: panes[id]?.hostLabel ?? "", pane: moved)
            workspaces.append(destination)
            replaceSource(with: removal.workspace, thenSelect: destination.id)
        } else {
            message = "there is no Workspace \(position)"
        }
    }

    private func replaceSource(with source: Workspace?, thenSelect destination: UUID) {
        if let source {
            workspace = source
        } else {
            workspaces.remove(at: selectedWorkspace)
        }
        selectedWorkspace = workspaces.firstIndex { $0.id == destination } ?? 0
    }

    /// Hidden: show it with focus, for a pick (Esc hides it again). Shown without focus: give it
    /// focus. Shown with focus: hide.
    private func toggleNavigator() {
        if !navigator.isVisible {
            navigator.isVisible = true
            navigator.isShownForPick = true
            focus = .navigator
            run(.reloadHosts)
        } else if focus != .navigator {
            focus = .navigator
            run(.reloadHosts)
        } else {
            navigator.isVisible = false
            navigator.isShownForPick = false
            focus = .panes
        }
    }
}
