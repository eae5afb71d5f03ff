import Foundation
import TermindApplication
import TermindDomain

// Opening Hosts in panes: where the pane goes (the focused empty pane, a split, a new
// Workspace), its component, and the events that start and end its Session. The Session's
// I/O runs in `Workbench+Effects.swift`; a failure stays in its own pane.

extension Workbench {
    /// Opens `host` in `target` when given, else in the focused pane when it is empty, else in
    /// a new pane split from the focused one (a new Workspace when there is no room).
    func open(_ host: Host, in target: PaneID? = nil) {
        openPane(.terminal(hostID: host.id), label: host.label.rawValue, in: target)
    }

    /// A Vault label opens that Host; anything else is tried as an ad-hoc target.
    func openDestination(_ destination: String) {
        if let host = hosts.first(where: { $0.label.rawValue == destination }) {
            open(host)
        } else {
            openPane(.terminal(hostID: nil), label: destination, in: nil)
        }
    }

    private func openPane(_ template: Pane, label: String, in target: PaneID?) {
        let paneID: PaneID
        if let target, workspace.contains(target) {
            paneID = target
        } else if workspace.focusedPane.kind == .empty {
            paneID = workspace.focusedPaneID
        } else {
            paneID = PaneID()
            let newPane = Pane(id: paneID, kind: template.kind, hostID: template.hostID)
            if !splitFocusedPane(with: newPane) {
                workspaces.append(Workspace(name: label, pane: newPane))
                selectedWorkspace = workspaces.count - 1
            }
        }
        var current = workspace
        // A name the person gave the pane stays with it when it opens a Host.
        current.replacePane(Pane(id: paneID, kind: template.kind, hostID: template.hostID, name: current.pane(paneID)?.name))
        current.focus(paneID)
        if current.name.isEmpty { current.name = label }
        workspace = current
        focus = .panes
        startSession(for: paneID, kind: template.kind, label: label)
    }

    /// Splits the focused pane for `newPane` along its longer side (in cells as they look: a
    /// cell is about twice as tall as wide); false when neither way has room.
    @discardableResult
    func splitFocusedPane(with newPane: Pane) -> Bool {
        let area = workspaceArea.size
        let rect = layout.panes.rect(of: workspace.focusedPaneID) ?? CellRect(size: area)
        let preferred: SplitAxis = rect.columns >= rect.rows * 2 ? .horizontal : .vertical
        for axis in [preferred, preferred.crossing] where workspace.canSplit(axis, in: area, minimumPane: Self.minimumPane) {
            workspace.split(axis, with: newPane)
            settle()
            return true
        }
        return false
    }

    /// A fresh component for pane `id` of `kind`, its Session connecting to `label` (its shell
    /// starting in `directory` when given); the one it replaces ends its own.
    func startSession(for id: PaneID, kind: PaneKind = .terminal, label: String, directory: String? = nil) {
        if panes[id] != nil { deliver(.close, to: id) }
        install(PaneKinds.component(for: kind, id: id, hostLabel: label, size: contentSize(of: id, in: workspace)))
        (panes[id] as? TerminalPane)?.startDirectory = directory
        deliver(.connect, to: id)
    }

    /// An empty pane's component for pane `id` of `workspace`.
    func installEmptyPane(_ id: PaneID, in workspace: Workspace) {
        install(PaneKinds.component(for: .empty, id: id, hostLabel: nil, size: contentSize(of: id, in: workspace)))
    }

    /// Shows a Workspace just made: in place of the shown one when that is a lone empty pane
    /// (the workbench's start), else as a new one.
    func show(_ opened: Workspace) {
        if workspace.paneCount == 1, workspace.focusedPane.kind == .empty {
            closeSession(workspace.focusedPaneID)
            workspaces[selectedWorkspace] = opened
        } else {
            workspaces.append(opened)
            selectedWorkspace = workspaces.count - 1
        }
        focus = .panes
    }

    /// Reconnects the focused pane when its Session is over.
    func reconnectFocusedPane() {
        deliver(.reconnect, to: workspace.focusedPaneID)
    }

    /// Reconnects every pane of the shown Workspace whose connection was lost or never came
    /// up, terminals and browsers alike; panes lost with one of them on a shared connection
    /// come back with it (one authentication). Nothing else ever reconnects by itself.
    func reconnectLostPanes() {
        let count = workspace.panes.filter { panes[$0.id]?.isLost == true }.count
        for pane in workspace.panes {
            // Looked at as each goes: a companion of one already reconnected is no longer lost.
            guard panes[pane.id]?.isLost == true else { continue }
            deliver(.reconnect, to: pane.id)
        }
        message = count == 0 ? "no pane of this Workspace has lost its connection"
            : "reconnecting \(count) pane\(count == 1 ? "" : "s")"
    }

    /// Closes pane `id`'s component: its Session ends, its waiting interactions are withdrawn.
    func closeSession(_ id: PaneID) {
        sharing.lostTogether[id] = nil
        sharing.reconnectTimers.removeValue(forKey: id)?.cancel()
        deliver(.close, to: id)
        panes[id] = nil
    }

    /// The Hosts marked in the Navigator, each in a pane of one new Workspace, tiled (in the
    /// Navigator's order), each connecting as a pane opened alone would.
    func openMarkedHosts() {
        let chosen = hosts.filter { navigator.marked.contains($0.id) }
        navigator.marked = []
        navigator.filter = ""
        navigator.selection = 0
        let panes = chosen.map { Pane(kind: .terminal, hostID: $0.id) }
        guard let root = PaneTree.tiled(panes) else { return }
        let name = chosen.count <= 3 ? chosen.map(\.label.rawValue).joined(separator: ", ") : "\(chosen.count) Hosts"
        show(Workspace(name: name, root: root, focusedPaneID: panes.first?.id))
        for (pane, host) in zip(panes, chosen) {
            startSession(for: pane.id, kind: .terminal, label: host.label.rawValue)
        }
    }

    /// Opens a Recent Workspace: its layout with fresh panes, each terminal pane connecting to
    /// its Host (a Host no longer in the Vault restores as an empty pane).
    func openRecent(_ index: Int) {
        guard recent.indices.contains(index) else { return }
        let saved = recent.remove(at: index)
        openRestored(Workspace(name: saved.name, restoring: saved.templateLayout, existingHostIDs: Set(hosts.map(\.id))))
    }

    /// Shows `restored` (a Recent Workspace or a Template) as a new Workspace and connects
    /// its panes; a pane without a Host stays empty.
    func openRestored(_ restored: Workspace) {
        show(restored)
        for pane in restored.panes {
            if pane.kind == .terminal, let host = host(id: pane.hostID) {
                startSession(for: pane.id, kind: pane.kind, label: host.label.rawValue)
            } else if pane.kind == .browser, let host = host(id: pane.hostID) {
                startBrowser(pane.id, side: .remote(hostLabel: host.label.rawValue), startPath: nil)
            } else if pane.kind == .localBrowser {
                startBrowser(pane.id, side: .local, startPath: nil)
            } else if pane.kind == .metrics, let host = host(id: pane.hostID) {
                startMetricsPane(pane.id, label: host.label.rawValue)
            } else {
                installEmptyPane(pane.id, in: restored)
            }
        }
    }
}
