/// A Workspace's split tree: a pane, or a split of two subtrees. Binary like a saved
/// `TemplateLayout`, so every Workspace is a Template and back without loss.
public indirect enum PaneTree: Sendable, Hashable, Codable {
    case pane(Pane)
    case split(PaneSplit)

    /// Every pane, in reading order: first child before second, depth first. Focus next and
    /// previous walk this order.
    public var panes: [Pane] {
        var result: [Pane] = []
        collectPanes(into: &result)
        return result
    }

    private func collectPanes(into result: inout [Pane]) {
        switch self {
        case .pane(let pane): result.append(pane)
        case .split(let split):
            split.first.collectPanes(into: &result)
            split.second.collectPanes(into: &result)
        }
    }

    public var paneIDs: [PaneID] { panes.map(\.id) }

    public var paneCount: Int {
        switch self {
        case .pane: 1
        case .split(let split): split.first.paneCount + split.second.paneCount
        }
    }

    public func pane(_ id: PaneID) -> Pane? {
        switch self {
        case .pane(let pane): pane.id == id ? pane : nil
        case .split(let split): split.first.pane(id) ?? split.second.pane(id)
        }
    }

    public func contains(_ id: PaneID) -> Bool { path(to: id) != nil }

    /// The sides taken from the root down to the pane, or nil when the tree does not hold it.
    func path(to id: PaneID) -> [PaneSplit.Side]? {
        switch self {
        case .pane(let pane): return pane.id == id ? [] : nil
        case .split(let split):
            if let rest = split.first.path(to: id) { return [.first] + rest }
            if let rest = split.second.path(to: id) { return [.second] + rest }
            return nil
        }
    }

    /// The subtree at `path`; nil when the path leaves the tree.
    func subtree(at path: some Collection<PaneSplit.Side>) -> PaneTree? {
        guard let side = path.first else { return self }
        guard case .split(let split) = self else { return nil }
        return split[side].subtree(at: path.dropFirst())
    }

    /// The tree with the subtree at `path` replaced by `transform` of it.
    func updating(at path: some Collection<PaneSplit.Side>, _ transform: (PaneTree) -> PaneTree) -> PaneTree {
        guard let side = path.first else { return transform(self) }
        guard case .split(var split) = self else { return self }
        split[side] = split[side].updating(at: path.dropFirst(), transform)
        return .split(split)
    }

    /// The tree with each pane replaced by `transform` of it; splits and fractions unchanged.
    public func mapPanes(_ transform: (Pane) -> Pane) -> PaneTree {
        switch self {
        case .pane(let pane):
            return .pane(transform(pane))
        case .split(var split):
            split.first = split.first.mapPanes(transform)
            split.second = split.second.mapPanes(transform)
            return .split(split)
        }
    }

    /// The first pane in reading order (the left or top end of the subtree).
    var firstPane: Pane {
        switch self {
        case .pane(let pane): pane
        case .split(let split): split.first.firstPane
        }
    }

    /// The last pane in reading order (the right or bottom end of the subtree).
    var lastPane: Pane {
        switch self {
        case .pane(let pane): pane
        case .split(let split): split.second.lastPane
        }
    }
}
