/// How a split arranges its two children, shared with saved Templates so a Workspace and its
/// Template speak the same words: `.horizontal` puts them side by side (first on the left, a
/// vertical divider between, like tmux's `split-window -h`); `.vertical` stacks them (first on
/// top, a horizontal divider between).
public typealias SplitAxis = TemplateLayout.Axis

extension TemplateLayout.Axis {
    /// The other axis.
    public var crossing: SplitAxis { self == .horizontal ? .vertical : .horizontal }
}
