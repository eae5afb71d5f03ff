import Foundation

/// A named split tree of panes, one of them focused, optionally one zoomed. Several are open at
/// once and one is shown. A pure value: every operation is a mutation of this struct or returns a
/// new one, so the TUI's update function and the tests drive it the same way. Pane ids are
/// stable across every operation, so each Session stays attached to its pane.
///
/// As in tmux, every operation that changes the tree, the sizes or the focus unzooms first.
public struct Workspace: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var name: String
    public private(set) var root: PaneTree
    public private(set) var focusedPaneID: PaneID
    /// The pane that alone fills the Workspace, when zoomed.
    public private(set) var zoomedPaneID: PaneID?
    /// Panes that have had focus, most recent first. Moving focus by direction prefers the one
    /// focused last, as tmux does, so left-then-right comes back to where it started.
    public private(set) var recentlyFocused: [PaneID]

    /// A Workspace of one pane.
    public init(id: UUID = UUID(), name: String, pane: Pane) {
        self.init(id: id, name: name, root: .pane(pane), focusedPaneID: pane.id)
    }

    /// A Workspace of an existing tree; focus on `focusedPaneID` when the tree holds it, else on
    /// its first pane.
    public init(id: UUID = UUID(), name: String, root: PaneTree, focusedPaneID: PaneID? = nil) {
        let ids = root.paneIDs
        precondition(Set(ids).count == ids.count, "a Workspace's pane ids must be unique")
        self.id = id
        self.name = name
        self.root = root
        let focus = focusedPaneID.flatMap { ids.contains($0) ? $0 : nil } ?? ids[0]
        self.focusedPaneID = focus
        self.zoomedPaneID = nil
        self.recentlyFocused = [focus]
    }

    public var panes: [Pane] { root.panes }
    public var paneCount: Int { root.paneCount }
    public var focusedPane: Pane { root.pane(focusedPaneID)! }
    public var isZoomed: Bool { zoomedPaneID != nil }

    public func pane(_ id: PaneID) -> Pane? { root.pane(id) }
    public func contains(_ id: PaneID) -> Bool { root.contains(id) }

    // MARK: - Panes

    /// Changes what a pane shows (the host picker chose a Host, a terminal became a browser)
    /// without touching the tree.
    public mutating func replacePane(_ pane: Pane) {
        guard contains(pane.id) else { return }
        root = root.mapPanes { $0.id == pane.id ? pane : $0 }
    }

    /// Splits the focused pane: it keeps the first part (left or top) and `newPane` takes the
    /// second, with focus. `fraction` is the focused pane's share.
    public mutating func split(_ axis: SplitAxis, with newPane: Pane, fraction: Double = 0.5) {
        precondition(!contains(newPane.id), "the new pane is already in this Workspace")
        unzoom()
        let target = focusedPaneID
        root = root.updating(at: root.path(to: target)!) { existing in
            .split(PaneSplit(axis: axis, fraction: fraction, first: existing, second: .pane(newPane)))
        }
        focus(newPane.id)
    }

    /// Whether splitting the focused pane along `axis` leaves every pane at least `minimumPane`
    /// in `area`. tmux refuses such a split ("no space for new pane"); the TUI can do the same.
    public func canSplit(_ axis: SplitAxis, in area: CellSize, minimumPane: CellSize = .minimumPane) -> Bool {
        var trial = self
        trial.split(axis, with: .empty(), fraction: 0.5)
        let needed = trial.root.minimumSize(pane: minimumPane)
        return needed.columns <= area.columns && needed.rows <= area.rows
    }

    /// Closes the focused pane (see `removingPane`).
    public func closingFocusedPane() -> PaneRemoval { removingPane(focusedPaneID) }

    /// Removes a pane: its sibling takes its space. When it had focus, focus goes to the pane that
    /// now fills that space (the one there focused last, else the one nearest the removed pane).
    /// Removing the last pane reports that the Workspace is empty, so the caller removes it.
    public func removingPane(_ id: PaneID) -> PaneRemoval {
        guard let path = root.path(to: id), let removed = root.pane(id) else { return .notFound }
        guard let side = path.last else { return .workspaceEmptied(removed: removed) }
        let parentPath = Array(path.dropLast())
        guard case .split(let parent)? = root.subtree(at: parentPath) else { return .notFound }
        let sibling = side == .first ? parent.second : parent.first

        var result = self
        result.unzoom()
        result.root = root.updating(at: parentPath) { _ in sibling }
        result.recentlyFocused.removeAll { $0 == id }
        if focusedPaneID == id {
            let inSibling = Set(sibling.paneIDs)
            // The sibling grew towards the removed pane; its nearest end faces that way.
            let nearest = side == .first ? sibling.firstPane.id : sibling.lastPane.id
            let next = result.recentlyFocused.first(where: inSibling.contains) ?? nearest
            result.focus(next)
        }
        return .remaining(result, removed: removed)
    }

    // MARK: - Focus

    /// Focuses a pane (a mouse click, the navigator). Unzooms unless it is the zoomed pane.
    public mutating func focus(_ id: PaneID) {
        guard contains(id) else { return }
        if zoomedPaneID != id { unzoom() }
        focusedPaneID = id
        recentlyFocused.removeAll { $0 == id }
        recentlyFocused.insert(id, at: 0)
    }

    /// Focuses the next pane in reading order, wrapping round.
    public mutating func focusNext() { focusStepping(by: 1) }

    /// Focuses the previous pane in reading order, wrapping round.
    public mutating func focusPrevious() { focusStepping(by: -1) }

    private mutating func focusStepping(by step: Int) {
        let ids = root.paneIDs
        guard ids.count > 1, let index = ids.firstIndex(of: focusedPaneID) else { return }
        unzoom()
        focus(ids[(index + step + ids.count) % ids.count])
    }

    // MARK: - Zoom

    /// Zooms the focused pane to fill the Workspace, or unzooms. A Workspace of one pane has
    /// nothing to zoom over and stays as it is.
    public mutating func toggleZoom() {
        if zoomedPaneID != nil {
            zoomedPaneID = nil
        } else if paneCount > 1 {
            zoomedPaneID = focusedPaneID
        }
    }

    public mutating func unzoom() { zoomedPaneID = nil }

    // MARK: - Layout

    /// Where each visible pane and divider sits in `area`. Zoomed, the zoomed pane alone fills it.
    /// Hidden panes keep their tiled size (`root.layout(in:)`), so their remote programs are not
    /// resized while another pane is zoomed, as in tmux.
    public func layout(in area: CellRect, minimumPane: CellSize = .minimumPane) -> PaneLayout {
        if let zoomed = zoomedPaneID {
            return PaneLayout(area: area, frames: [PaneLayout.Frame(paneID: zoomed, rect: area)], dividers: [])
        }
        return root.layout(in: area, minimumPane: minimumPane)
    }

    public func layout(in size: CellSize, minimumPane: CellSize = .minimumPane) -> PaneLayout {
        layout(in: CellRect(size: size), minimumPane: minimumPane)
    }

    // MARK: - Saving (Recent Workspaces)

    private enum CodingKeys: String, CodingKey {
        case id, name, root, focusedPaneID, zoomedPaneID, recentlyFocused
    }

    /// Decodes a saved Workspace, repairing what a stale or hand-edited file could break: focus
    /// and zoom on panes the tree no longer holds, duplicate pane ids.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let root = try container.decode(PaneTree.self, forKey: .root)
        let ids = root.paneIDs
        guard Set(ids).count == ids.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .root, in: container, debugDescription: "a Workspace's pane ids must be unique")
        }
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            root: root,
            focusedPaneID: try container.decodeIfPresent(PaneID.self, forKey: .focusedPaneID))
        let recent = try container.decodeIfPresent([PaneID].self, forKey: .recentlyFocused) ?? []
        var seen: Set<PaneID> = [focusedPaneID]
        recentlyFocused = [focusedPaneID] + recent.filter { ids.contains($0) && seen.insert($0).inserted }
        if let zoomed = try container.decodeIfPresent(PaneID.self, forKey: .zoomedPaneID), zoomed == focusedPaneID {
            zoomedPaneID = zoomed
        }
    }

    // MARK: - Internal, for the other extensions

    mutating func setRoot(_ tree: PaneTree) { root = tree }
}
