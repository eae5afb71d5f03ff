/// Laying a split tree out in cells, after tmux's `layout.c`: each split gives its divider one
/// cell, the first child its fraction of the rest (rounded, then clamped so neither side drops
/// below its minimum) and the second child exactly what remains, so rounding never leaves a gap
/// or an overlap.
extension PaneTree {
    /// The smallest area the subtree fits without squeezing any pane below `minimumPane`: along
    /// a split's axis the children's minimums plus the divider, across it the larger minimum.
    public func minimumSize(pane minimumPane: CellSize = .minimumPane) -> CellSize {
        switch self {
        case .pane:
            return minimumPane
        case .split(let split):
            let first = split.first.minimumSize(pane: minimumPane)
            let second = split.second.minimumSize(pane: minimumPane)
            switch split.axis {
            case .horizontal:
                return CellSize(columns: first.columns + 1 + second.columns, rows: max(first.rows, second.rows))
            case .vertical:
                return CellSize(columns: max(first.columns, second.columns), rows: first.rows + 1 + second.rows)
            }
        }
    }

    /// Every pane's and divider's rect in `area`, zoom ignored (see `Workspace.layout(in:)`).
    public func layout(in area: CellRect, minimumPane: CellSize = .minimumPane) -> PaneLayout {
        var placement = Placement(minimumPane: minimumPane)
        placement.place(self, in: area, path: [])
        return PaneLayout(area: area, frames: placement.frames, dividers: placement.dividers)
    }

    public func layout(in size: CellSize, minimumPane: CellSize = .minimumPane) -> PaneLayout {
        layout(in: CellRect(size: size), minimumPane: minimumPane)
    }

    /// Where each split sits, for resizing: its rect, the first child's extent along the axis
    /// and both children's minimums.
    func splitPlacements(in area: CellRect, minimumPane: CellSize) -> [[PaneSplit.Side]: SplitPlacement] {
        var placement = Placement(minimumPane: minimumPane, recordsSplits: true)
        placement.place(self, in: area, path: [])
        return placement.splits
    }

    /// How many cells the first child gets out of `available` (the split's extent less its
    /// divider). Within the minimums the fraction decides; when both minimums do not fit, the
    /// shortage is shared in proportion to them so that both sides shrink.
    static func firstExtent(available: Int, fraction: Double, minimumFirst: Int, minimumSecond: Int) -> Int {
        guard available > 0 else { return 0 }
        let wanted = Int((fraction * Double(available)).rounded())
        if minimumFirst + minimumSecond <= available {
            return min(max(wanted, minimumFirst), available - minimumSecond)
        }
        return available * minimumFirst / (minimumFirst + minimumSecond)
    }
}

/// One split's place in a layout.
struct SplitPlacement: Sendable, Hashable {
    let axis: SplitAxis
    let rect: CellRect
    /// The split's extent along its axis less the divider (0 when it has no room for one).
    let available: Int
    let firstExtent: Int
    let minimumFirst: Int
    let minimumSecond: Int
}

/// The layout walk's accumulators.
private struct Placement {
    let minimumPane: CellSize
    var recordsSplits = false
    var frames: [PaneLayout.Frame] = []
    var dividers: [PaneDivider] = []
    var splits: [[PaneSplit.Side]: SplitPlacement] = [:]

    mutating func place(_ tree: PaneTree, in rect: CellRect, path: [PaneSplit.Side]) {
        switch tree {
        case .pane(let pane):
            frames.append(PaneLayout.Frame(paneID: pane.id, rect: rect))
        case .split(let split):
            let axis = split.axis
            let extent = rect.size.extent(along: axis)
            let available = max(0, extent - 1)
            let minimumFirst = split.first.minimumSize(pane: minimumPane).extent(along: axis)
            let minimumSecond = split.second.minimumSize(pane: minimumPane).extent(along: axis)
            let first = PaneTree.firstExtent(
                available: available, fraction: split.fraction, minimumFirst: minimumFirst, minimumSecond: minimumSecond)
            let second = available - first
            let divider = extent > 0 ? 1 : 0
            let (firstRect, dividerRect, secondRect): (CellRect, CellRect, CellRect)
            switch axis {
            case .horizontal:
                firstRect = CellRect(column: rect.column, row: rect.row, columns: first, rows: rect.rows)
                dividerRect = CellRect(column: rect.column + first, row: rect.row, columns: divider, rows: rect.rows)
                secondRect = CellRect(column: rect.column + first + divider, row: rect.row, columns: second, rows: rect.rows)
            case .vertical:
                firstRect = CellRect(column: rect.column, row: rect.row, columns: rect.columns, rows: first)
                dividerRect = CellRect(column: rect.column, row: rect.row + first, columns: rect.columns, rows: divider)
                secondRect = CellRect(column: rect.column, row: rect.row + first + divider, columns: rect.columns, rows: second)
            }
            if recordsSplits {
                splits[path] = SplitPlacement(
                    axis: axis, rect: rect, available: available, firstExtent: first,
                    minimumFirst: minimumFirst, minimumSecond: minimumSecond)
            }
            place(split.first, in: firstRect, path: path + [.first])
            if divider > 0 { dividers.append(PaneDivider(axis: axis, rect: dividerRect, path: path)) }
            place(split.second, in: secondRect, path: path + [.second])
        }
    }
}
