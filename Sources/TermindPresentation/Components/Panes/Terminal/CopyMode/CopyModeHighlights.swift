/// What copy mode paints over a pane's rows: every find match, the current one brighter, and
/// the selection over both. The cells keep their text; only their colours change, and a wide
/// character is painted whole. A plain value built for each frame.
@MainActor
struct CopyModeHighlights {
    let pane: TerminalPane

    static let match = (foreground: TerminalColor.indexed(16), background: TerminalColor.indexed(220))
    static let currentMatch = (foreground: TerminalColor.indexed(16), background: TerminalColor.indexed(208))
    static let selection = (foreground: TerminalColor.indexed(231), background: TerminalColor.indexed(25))

    /// `rows`, the view's rows from its top line, with the highlights painted.
    func apply(to rows: [[TerminalCell]]) -> [[TerminalCell]] {
        guard let mode = pane.copyMode else { return rows }
        let top = pane.viewTop
        let lines = top..<(top + rows.count)
        let matches = mode.find?.matches(touching: lines) ?? []
        let current = mode.find?.currentMatch
        let selection = mode.selection
        guard !matches.isEmpty || selection != nil else { return rows }
        var rows = rows
        for index in rows.indices {
            let line = top + index
            for match in matches {
                guard let columns = match.columns(onLine: line) else { continue }
                paint(&rows[index], columns, match == current ? Self.currentMatch : Self.match)
            }
            if let columns = selection?.columns(onLine: line) {
                paint(&rows[index], columns, Self.selection)
            }
        }
        return rows
    }

    private func paint(_ row: inout [TerminalCell], _ columns: Range<Int>, _ colours: (foreground: TerminalColor, background: TerminalColor)) {
        // A scrollback row shorter than the view gets blank cells to paint.
        let end = min(columns.upperBound, pane.surface.columns)
        if row.count < end { row += Array(repeating: TerminalCell.blank, count: end - row.count) }
        var column = max(0, columns.lowerBound)
        if column < row.count, row[column].isWideContinuation, column > 0 { column -= 1 }
        while column < end {
            row[column].foreground = colours.foreground
            row[column].background = colours.background
            if row[column].width == 2, column + 1 < row.count { row[column + 1].background = colours.background }
            column += 1
        }
    }
}
