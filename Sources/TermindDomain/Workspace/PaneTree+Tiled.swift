extension PaneTree {
    /// `panes` tiled into one tree of even shares: halves side by side, each half stacked, and
    /// so on, alternating (four make a 2×2 grid; three, one beside two). Nil for none.
    public static func tiled(_ panes: [Pane], axis: SplitAxis = .horizontal) -> PaneTree? {
        guard let only = panes.first else { return nil }
        guard panes.count > 1 else { return .pane(only) }
        let half = panes.count / 2
        guard let first = tiled(Array(panes[..<half]), axis: axis.crossing),
              let second = tiled(Array(panes[half...]), axis: axis.crossing)
        else { return nil }
        return .split(PaneSplit(axis: axis, fraction: Double(half) / Double(panes.count), first: first, second: second))
    }
}
