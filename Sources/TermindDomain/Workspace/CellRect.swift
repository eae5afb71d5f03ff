/// A rectangle of terminal cells, column and row counted from 0 at the top left. Ends are
/// exclusive: a rect covers columns `column..<column + columns`.
public struct CellRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public var size: CellSize

    public init(column: Int = 0, row: Int = 0, size: CellSize) {
        self.column = column
        self.row = row
        self.size = size
    }

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.init(column: column, row: row, size: CellSize(columns: columns, rows: rows))
    }

    public var columns: Int { size.columns }
    public var rows: Int { size.rows }
    public var endColumn: Int { column + size.columns }
    public var endRow: Int { row + size.rows }
    public var isEmpty: Bool { size.columns == 0 || size.rows == 0 }

    public func contains(column: Int, row: Int) -> Bool {
        column >= self.column && column < endColumn && row >= self.row && row < endRow
    }

    /// The cells both rectangles cover (empty when they do not meet): a widget's clip.
    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(column, other.column), top = max(row, other.row)
        return CellRect(column: left, row: top, columns: min(endColumn, other.endColumn) - left, rows: min(endRow, other.endRow) - top)
    }

    /// The rectangle shrunk by `amount` cells on every side (a border's inside).
    public func inset(by amount: Int) -> CellRect {
        CellRect(column: column + amount, row: row + amount, columns: columns - 2 * amount, rows: rows - 2 * amount)
    }

    /// Start and exclusive end along an axis.
    func span(along axis: SplitAxis) -> Range<Int> {
        axis == .horizontal ? column..<endColumn : row..<endRow
    }

    public var description: String { "\(columns)x\(rows)@\(column),\(row)" }
}
