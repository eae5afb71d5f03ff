import TermindDomain

// Broadcast input (docs/behaviour.md §3): a set of terminal panes that receive what is typed
// or pasted into any one of them, as tmux's synchronize-panes but chosen pane by pane. Keys
// and pastes fan out (a paste whole, bracketed per pane as its program asked); mouse reports
// never do. A pane that is not live leaves the set; the status bar counts the set and each
// of its panes carries a marker.

extension Workbench {
    /// Adds the focused terminal pane to the set, or takes it out.
    func toggleBroadcast() {
        let id = workspace.focusedPaneID
        if broadcast.remove(id) != nil {
            message = broadcast.isEmpty ? "broadcast off" : "pane left the broadcast (\(broadcastCount) receive input)"
            return
        }
        guard let pane = panes[id] as? TerminalPane, pane.isLive else {
            message = "only a connected terminal pane can join a broadcast"
            return
        }
        broadcast.insert(id)
        message = "broadcast to \(broadcastCount) pane\(broadcastCount == 1 ? "" : "s"): what you type goes to each"
    }

    /// Every live terminal pane of the Workspace receives input; when a broadcast is on
    /// already, it ends (one key turns it off).
    func toggleWorkspaceBroadcast() {
        if !broadcast.isEmpty {
            broadcast = []
            message = "broadcast off"
            return
        }
        broadcast = Set(workspace.panes.map(\.id).filter { (panes[$0] as? TerminalPane)?.isLive == true })
        message = broadcast.isEmpty
            ? "no connected terminal pane to broadcast to"
            : "broadcast to all \(broadcastCount) panes of this Workspace: what you type goes to each"
    }

    /// Asks which tag's panes receive input.
    func openBroadcastTagPrompt() {
        namePrompt = NamePrompt(purpose: .broadcastTag, name: "")
        dispatcher.reset()
    }

    /// Every tag of the Vault's Hosts, sorted.

    /// The broadcast becomes every connected terminal pane, in any Workspace, whose Host has
    /// `tag`; a tag without such panes says so and keeps the prompt.
    func broadcast(toTag tag: String) {
        let tagged = Set(hosts.filter { $0.tags.contains(tag) }.map(\.id))
        let ids = workspaces.flatMap(\.panes).filter { pane in
            pane.kind == .terminal && pane.hostID.map { tagged.contains($0) } == true && panes[pane.id]?.isLive == true
        }.map(\.id)
        guard !ids.isEmpty else {
            namePrompt?.problem = tagged.isEmpty ? "no Host has the tag \(TerminalSafeText(tag).text)" : "no connected pane on a Host tagged \(TerminalSafeText(tag).text)"
            return
        }
        namePrompt = nil
        broadcast = Set(ids)
        message = "broadcast to the \(ids.count) pane\(ids.count == 1 ? "" : "s") tagged \(TerminalSafeText(tag).text): type into one of them"
    }

    /// How many panes receive broadcast input now.
    var broadcastCount: Int { broadcastPanes.count }

    /// The set's panes that still take input, in Workspace order (the shown Workspace first).
    var broadcastPanes: [PaneID] {
        let order = (workspace.panes + workspaces.flatMap(\.panes)).map(\.id)
        var seen = Set<PaneID>()
        return order.filter { broadcast.contains($0) && seen.insert($0).inserted && panes[$0]?.isLive == true }
    }

    /// Where input for the focused pane goes: the whole set when the focused pane is in it,
    /// else the focused pane alone.
    var inputTargets: [PaneID] {
        let focused = workspace.focusedPaneID
        guard broadcast.contains(focused) else { return [focused] }
        let targets = broadcastPanes
        return targets.contains(focused) ? targets : [focused]
    }

    /// Drops panes that are gone or no longer live from the set.
    func pruneBroadcast() {
        guard !broadcast.isEmpty else { return }
        broadcast = broadcast.filter { panes[$0]?.isLive == true }
    }
}
