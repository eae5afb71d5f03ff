/// Moving focus, swapping and resizing by direction, decided on screen geometry as tmux does:
/// the candidates are the panes across the divider on that side that overlap the pane.
extension Workspace {
    /// The pane next to `id` in `direction`: among the panes across the divider on that side that
    /// overlap it, the one focused most recently, else the one overlapping most, else the top or
    /// left one. With `wrapping`, a pane at the edge looks in from the opposite edge, as tmux.
    public func neighbour(
        of id: PaneID, _ direction: PaneDirection, in area: CellSize,
        minimumPane: CellSize = .minimumPane, wrapping: Bool = false
    ) -> PaneID? {
        let layout = root.layout(in: area, minimumPane: minimumPane)
        guard let from = layout.rect(of: id), !from.isEmpty else { return nil }
        let others = layout.frames.filter { $0.paneID != id && !$0.rect.isEmpty }

        let axis = direction.axis
        let across = axis.crossing
        // The edge a neighbour's near side ends at (left/up) or starts at (right/down).
        func candidates(edge: Int) -> [PaneLayout.Frame] {
            others.filter { frame in
                let span = frame.rect.span(along: axis)
                let touches = direction.towardsFirst ? span.upperBound == edge : span.lowerBound == edge
                return touches && frame.rect.span(along: across).overlaps(from.span(along: across))
            }
        }
        let span = from.span(along: axis)
        var found = candidates(edge: direction.towardsFirst ? span.lowerBound - 1 : span.upperBound + 1)
        if found.isEmpty && wrapping {
            let whole = CellRect(size: area).span(along: axis)
            found = candidates(edge: direction.towardsFirst ? whole.upperBound : whole.lowerBound)
        }

        let recency = Dictionary(uniqueKeysWithValues: recentlyFocused.enumerated().map { ($1, $0) })
        func overlap(_ frame: PaneLayout.Frame) -> Int {
            let a = frame.rect.span(along: across)
            let b = from.span(along: across)
            return min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound)
        }
        return found.min { lhs, rhs in
            let lr = recency[lhs.paneID] ?? Int.max
            let rr = recency[rhs.paneID] ?? Int.max
            if lr != rr { return lr < rr }
            if overlap(lhs) != overlap(rhs) { return overlap(lhs) > overlap(rhs) }
            return lhs.rect.span(along: across).lowerBound < rhs.rect.span(along: across).lowerBound
        }?.paneID
    }

    /// Moves focus to the neighbour in `direction`. Returns false (and changes nothing) when there
    /// is none.
    @discardableResult
    public mutating func focus(
        _ direction: PaneDirection, in area: CellSize,
        minimumPane: CellSize = .minimumPane, wrapping: Bool = false
    ) -> Bool {
        guard let next = neighbour(of: focusedPaneID, direction, in: area, minimumPane: minimumPane, wrapping: wrapping)
        else { return false }
        unzoom()
        focus(next)
        return true
    }

    /// Swaps the focused pane with its neighbour in `direction`; focus follows the pane to its new
    /// place. Each pane keeps its id, so Sessions move with their panes.
    @discardableResult
    public mutating func swapFocusedPane(
        _ direction: PaneDirection, in area: CellSize,
        minimumPane: CellSize = .minimumPane, wrapping: Bool = false
    ) -> Bool {
        guard let other = neighbour(of: focusedPaneID, direction, in: area, minimumPane: minimumPane, wrapping: wrapping)
        else { return false }
        swapPanes(focusedPaneID, other)
        return true
    }

    /// Swaps two panes' places in the tree; splits and fractions stay where they are.
    public mutating func swapPanes(_ a: PaneID, _ b: PaneID) {
        guard a != b, let paneA = pane(a), let paneB = pane(b) else { return }
        unzoom()
        setRoot(root.mapPanes { $0.id == a ? paneB : $0.id == b ? paneA : $0 })
    }

    /// Moves the divider nearest the focused pane on `direction`'s axis (the innermost split of
    /// that axis holding it) `amount` towards `direction`, as tmux's `resize-pane`: from a left
    /// pane, right grows it; from a right pane, right shrinks it. Neither side of the split goes
    /// below its minimum. Returns false when nothing moved (no such split, or no room).
    @discardableResult
    public mutating func resizeFocusedPane(
        _ direction: PaneDirection, by amount: ResizeAmount, in area: CellSize,
        minimumPane: CellSize = .minimumPane
    ) -> Bool {
        guard let path = root.path(to: focusedPaneID) else { return false }
        let placements = root.splitPlacements(in: CellRect(size: area), minimumPane: minimumPane)
        let ancestors = (0..<path.count).reversed().map { Array(path.prefix($0)) }
        guard let splitPath = ancestors.first(where: { placements[$0]?.axis == direction.axis }),
            let placement = placements[splitPath]
        else { return false }
        let step = amount.cells(of: placement.available)
        let target = placement.firstExtent + (direction.towardsFirst ? -step : step)
        return setFirstExtent(target, ofSplitAt: splitPath, placement: placement)
    }

    /// Moves a divider so that it sits at `position` (a column for a side-by-side split's divider,
    /// a row for a stacked one): a mouse drag. Minimums are honoured.
    @discardableResult
    public mutating func moveDivider(
        _ divider: PaneDivider, to position: Int, in area: CellSize, minimumPane: CellSize = .minimumPane
    ) -> Bool {
        let placements = root.splitPlacements(in: CellRect(size: area), minimumPane: minimumPane)
        guard let placement = placements[divider.path], placement.axis == divider.axis else { return false }
        let target = position - placement.rect.span(along: placement.axis).lowerBound
        return setFirstExtent(target, ofSplitAt: divider.path, placement: placement)
    }

    private mutating func setFirstExtent(_ wanted: Int, ofSplitAt path: [PaneSplit.Side], placement: SplitPlacement) -> Bool {
        let available = placement.available
        guard available > 0, placement.minimumFirst + placement.minimumSecond <= available else { return false }
        let first = min(max(wanted, placement.minimumFirst), available - placement.minimumSecond)
        guard first != placement.firstExtent else { return false }
        unzoom()
        setRoot(root.updating(at: path) { tree in
            guard case .split(var split) = tree else { return tree }
            // Exactly `first` cells at this size; the same share when the terminal is resized.
            split.fraction = Double(first) / Double(available)
            return .split(split)
        })
        return true
    }
}
