/// The one-cell line between a split's two children. A side-by-side (`.horizontal`) split's
/// divider is a column one cell wide; a stacked (`.vertical`) split's is a row one cell high.
/// It remembers which split it belongs to, so a mouse drag on it can move that split.
public struct PaneDivider: Sendable, Hashable {
    public let axis: SplitAxis
    public let rect: CellRect
    /// The split's place in the tree, root first.
    let path: [PaneSplit.Side]
}
