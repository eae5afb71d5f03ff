/// An inner node of a Workspace: two children arranged along `axis`, the first taking
/// `fraction` of the cells left after the one-cell divider.
public struct PaneSplit: Sendable, Hashable, Codable {
    /// Which child of a split: the first is left (side by side) or top (stacked).
    public enum Side: Sendable, Hashable, Codable { case first, second }

    public var axis: SplitAxis
    /// The first child's share, kept within 0...1. Minimum pane sizes win over it at layout time.
    public var fraction: Double {
        didSet { fraction = PaneSplit.sanitised(fraction) }
    }
    public var first: PaneTree
    public var second: PaneTree

    public init(axis: SplitAxis, fraction: Double = 0.5, first: PaneTree, second: PaneTree) {
        self.axis = axis
        self.fraction = PaneSplit.sanitised(fraction)
        self.first = first
        self.second = second
    }

    public subscript(side: Side) -> PaneTree {
        get { side == .first ? first : second }
        set {
            if side == .first { first = newValue } else { second = newValue }
        }
    }

    /// A saved fraction can be anything (an old file, a hand edit): NaN becomes an even split.
    static func sanitised(_ fraction: Double) -> Double {
        fraction.isFinite ? min(1, max(0, fraction)) : 0.5
    }
}
