import TermindDomain

/// Where the terminal's cursor is left at the end of a frame, whether it shows and in which
/// shape: the focused pane's cursor moved to the pane's place on the screen, or a text field's.
/// Rows and columns count from 0 at the top left of the screen. A plain value.
public struct ScreenCursor: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var isVisible: Bool
    public var shape: CursorShape

    public init(row: Int, column: Int, isVisible: Bool = true, shape: CursorShape = .default) {
        self.row = row
        self.column = column
        self.isVisible = isVisible
        self.shape = shape
    }

    /// No cursor (nothing has focus that types).
    public static let hidden = ScreenCursor(row: 0, column: 0, isVisible: false)

    /// A pane's cursor on the screen, for a pane drawn in `pane`; hidden when it falls outside
    /// (a pane drawn smaller than its surface).
    public init(_ cursor: TerminalCursor, in pane: CellRect, shape: CursorShape = .default) {
        let row = pane.row + cursor.row
        let column = pane.column + cursor.column
        self.init(
            row: row,
            column: column,
            isVisible: cursor.isVisible && pane.contains(column: column, row: row),
            shape: shape
        )
    }
}
