import TermindDomain

// Boxes for overlays and dialogs: a filled rectangle with a border and a title in it.

extension CellBuffer {
    /// Fills `rect` with `style`'s background and draws a border in `borderStyle`, with `title`
    /// in the top edge when given. Returns the inside.
    @discardableResult
    mutating func drawBox(_ rect: CellRect, style: CellStyle, borderStyle: CellStyle, title: String? = nil) -> CellRect {
        guard rect.columns >= 2, rect.rows >= 2 else { return CellRect(column: rect.column, row: rect.row, columns: 0, rows: 0) }
        fill(rect, style: style)
        let right = rect.endColumn - 1, bottom = rect.endRow - 1
        for column in rect.column + 1..<right {
            put("─", column: column, row: rect.row, style: borderStyle)
            put("─", column: column, row: bottom, style: borderStyle)
        }
        for row in rect.row + 1..<bottom {
            put("│", column: rect.column, row: row, style: borderStyle)
            put("│", column: right, row: row, style: borderStyle)
        }
        put("┌", column: rect.column, row: rect.row, style: borderStyle)
        put("┐", column: right, row: rect.row, style: borderStyle)
        put("└", column: rect.column, row: bottom, style: borderStyle)
        put("┘", column: right, row: bottom, style: borderStyle)
        if let title, rect.columns > 6 {
            put(" " + TextWrap.truncated(title, to: rect.columns - 6) + " ", column: rect.column + 2, row: rect.row, style: borderStyle)
        }
        return rect.inset(by: 1)
    }

    /// A rectangle of `columns` × `rows` centred in `area`, shrunk to fit with a margin.
    static func centered(columns: Int, rows: Int, in area: CellRect, margin: Int = 2) -> CellRect {
        let width = max(0, min(columns, area.columns - 2 * margin))
        let height = max(0, min(rows, area.rows - 2 * margin))
        return CellRect(
            column: area.column + (area.columns - width) / 2, row: area.row + (area.rows - height) / 2,
            columns: width, rows: height)
    }
}
