/// A cell of a pane's text: a line number (`VTermSurface.lineNumbers`) and a column. Ordered as the
/// text reads, line by line, left to right. A plain value.
struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int

    static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    var description: String { "\(line):\(column)" }
}
