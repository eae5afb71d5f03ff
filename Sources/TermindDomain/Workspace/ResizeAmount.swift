/// How far a resize moves a divider: a number of cells (a key press, as tmux's
/// `resize-pane -L 5`), or a share of the split's extent (independent of the terminal's size).
public enum ResizeAmount: Sendable, Hashable {
    case cells(Int)
    case fraction(Double)

    /// The cells this amount means in a split of `available` cells (at least one for any
    /// positive fraction, so a small share of a small split still moves).
    func cells(of available: Int) -> Int {
        switch self {
        case .cells(let count):
            return max(0, count)
        case .fraction(let share):
            guard share.isFinite, share > 0 else { return 0 }
            return max(1, Int((share * Double(available)).rounded()))
        }
    }
}
