/// A direction on screen, for moving focus, resizing and swapping panes.
public enum PaneDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down

    /// The axis of the splits whose divider lies in this direction: left and right cross
    /// side-by-side (`.horizontal`) splits, up and down cross stacked (`.vertical`) ones.
    public var axis: SplitAxis { self == .left || self == .right ? .horizontal : .vertical }

    /// True for left and up: towards a split's first child.
    public var towardsFirst: Bool { self == .left || self == .up }

    public var opposite: PaneDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .up: .down
        case .down: .up
        }
    }
}
