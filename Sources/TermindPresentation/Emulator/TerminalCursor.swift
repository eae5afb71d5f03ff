/// Where a pane's cursor is and whether the remote program wants it shown (DECTCEM, `CSI ?25l`
/// hides it). Rows and columns count from 0 at the top left of the visible screen.
/// A plain value; safe to pass between threads.
public struct TerminalCursor: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var isVisible: Bool

    public init(row: Int, column: Int, isVisible: Bool) {
        self.row = row
        self.column = column
        self.isVisible = isVisible
    }
}
