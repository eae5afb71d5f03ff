/// A cell of a pane's text: a line number (`VTermSurface.lineNumbers`) and a column. Ordered as the
/// text reads, line by line, left to right. A plain value; `package` for termind-bench.
package struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}
