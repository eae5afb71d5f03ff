import TermindDomain

/// Draws Quick Open over the screen's middle: the query being typed, then the matches, the
/// selected one emphasised. A namespace of drawing.
enum QuickOpenView {
    /// Draws and returns where the cursor goes (the end of the query).
    static func draw(
        _ state: QuickOpen, matches: [QuickOpen.Candidate], in area: CellRect, into buffer: inout CellBuffer
    ) -> ScreenCursor {
        let rows = min(18, 3 + max(1, matches.count) + 2)
        let box = CellBuffer.centered(columns: 72, rows: rows, in: area)
        let title = state.targetPane == nil ? "Quick Open: Hosts and Workspaces" : "Open a Host in this pane"
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: title)
        guard inside.rows > 2, inside.columns > 4 else { return .hidden }
        let queryLine = CellRect(column: inside.column, row: inside.row, columns: inside.columns, rows: 1)
        buffer.fill(queryLine, style: WorkbenchTheme.field)
        let end = buffer.put(" > " + state.query, column: inside.column, row: inside.row, style: WorkbenchTheme.field, clip: queryLine)

        let listRows = inside.rows - 2
        let selected = min(state.selection, max(0, matches.count - 1))
        let first = max(0, min(selected - listRows + 1, matches.count - listRows))
        if matches.isEmpty {
            buffer.put("  nothing matches", column: inside.column, row: inside.row + 1, style: WorkbenchTheme.dim, clip: inside)
        }
        for (offset, candidate) in matches.dropFirst(first).prefix(listRows).enumerated() {
            let row = inside.row + 1 + offset
            let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
            let isSelected = first + offset == selected
            let style = isSelected ? WorkbenchTheme.selection : WorkbenchTheme.dialog
            buffer.fill(line, style: style)
            let kind = candidate.kind.padding(toLength: 17, withPad: " ", startingAt: 0)
            var column = buffer.put("  " + kind, column: inside.column, row: row, style: isSelected ? style : dimmed, clip: line)
            // The name whole when it can be, the detail (an address, a Workspace's panes) elided in its middle.
            let room = line.endColumn - column
            let name = TextWrap.truncated(candidate.text, to: max(1, room - 1))
            column = buffer.put(name + "  ", column: column, row: row, style: style, clip: line)
            buffer.put(TextElision.middle(candidate.detail, to: line.endColumn - column - 1), column: column, row: row,
                       style: isSelected ? style : dimmed, clip: line)
        }
        buffer.put(" ↑↓ choose · Enter opens · Esc closes", column: inside.column, row: inside.endRow - 1, style: dimmed, clip: inside)
        return ScreenCursor(row: inside.row, column: min(end, inside.endColumn - 1))
    }

    private static var dimmed: CellStyle {
        var style = WorkbenchTheme.dialog
        style.foreground = .indexed(244)
        return style
    }
}
