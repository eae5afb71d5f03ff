/// A size in terminal cells: columns × rows.
public struct CellSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// The smallest pane the layout gives space to before it starts squeezing: one cell, as tmux.
    /// The TUI passes a larger one when it draws a title line or border inside each pane.
    public static let minimumPane = CellSize(columns: 1, rows: 1)

    public static let zero = CellSize(columns: 0, rows: 0)

    /// The extent along an axis: columns for side-by-side splits, rows for stacked ones.
    public func extent(along axis: SplitAxis) -> Int { axis == .horizontal ? columns : rows }

    public var description: String { "\(columns)x\(rows)" }
}
