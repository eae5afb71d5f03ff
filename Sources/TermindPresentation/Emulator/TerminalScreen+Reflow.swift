import CVTerm

// Reflow: a new width rewraps the primary screen's text, as tmux does. Rows joined by a wrap
// (`ScreenGrid.isWrapped`, kept in `ScrollbackLine` as they scroll off) are one line of the
// program's text; the scrollback's and the screen's lines are cut again at the new width, a
// wide character never split (it leaves the last column empty and goes to the next row). A
// wrapped row's trailing blanks are text; a line's trailing blanks are not. The cursor keeps its
// line and its offset in it, so a prompt stays where the shell expects it.
//
// Where the rows go on the screen: the text the top row showed stays at the top while the text
// from there on fits with the blank rows that were under it (a `clear` stays cleared); text it
// no longer needs rows for takes rows back from the scrollback above, as in tmux; text that needs
// more rows takes the blank rows under it first, then sends the top to the scrollback. Each
// reflow lays the text out from where it stood before the first resize since the program last
// wrote (`reflowReference`), so that any widths and back give the same screen and scrollback.
//
// The alternate screen is not reflowed (its program redraws). The primary screen under it keeps
// its size while the program runs and is reflowed once when it leaves, from where its cursor
// was (which 1049 restores).

extension TerminalScreen {
    /// The primary screen rewrapped to `newColumns` and laid out on `newRows`: its grid, where
    /// the cursor goes on it, and whether it stands past the glyph in the last column. The
    /// scrollback is rewritten; `reflowReference` is set.
    func reflow(rows newRows: Int, columns newColumns: Int, cursor: VTermPos) -> (grid: ScreenGrid, cursor: VTermPos, isPastEdge: Bool) {
        // The primary screen's own size: it stays as it was while the alternate one is shown.
        let oldRows = primary.rows, oldColumns = primary.columns
        let cursorRow = min(max(Int(cursor.row), 0), oldRows - 1)
        let cursorColumn = min(max(Int(cursor.col), 0), oldColumns - 1)
        // libvterm's cursor stays on a glyph written in the last column until the next one:
        // the cursor's place in the text is past it.
        var cursorInRow = cursorColumn
        if let pending = pendingWrap, pending.isPastEdge, pending.row == cursorRow, pending.column == cursorColumn {
            let line = primary.row(cursorRow)
            cursorInRow += cursorColumn + 1 < oldColumns && line[cursorColumn + 1].chars.0 == Self.continuation ? 2 : 1
        }
        // The text ends at the cursor's row or the last row holding something.
        var bottom = oldRows - 1
        while bottom > cursorRow, !primary.isWrapped(row: bottom), rowIsBlank(bottom) {
            bottom -= 1
        }

        var layout = ReflowLayout(columns: newColumns, isReverse: isReverse)
        layout.reserve(scrollback.count + oldRows)
        for index in 0..<scrollback.count {
            layout.add(scrollback[index])
        }
        let top = layout.nextPosition
        for row in 0...bottom {
            let cells = primary.row(row)
            var count = oldColumns
            let wraps = row < bottom && primary.isWrapped(row: row)
            if wraps, cells[oldColumns - 1].chars.0 == 0, primary.row(row + 1)[1].chars.0 == Self.continuation {
                count -= 1  // the column a wide character did not fit in
            }
            layout.add(UnsafeBufferPointer(start: cells, count: count), wraps: wraps, cursor: row == cursorRow ? cursorInRow : nil)
        }
        let lines = layout.lineStarts.count
        let reference = reflowReference
            ?? ReflowReference(blankRows: oldRows - 1 - bottom, topLineFromLast: lines - 1 - top.line, topOffset: top.offset)
        reflowReference = reference

        // The text the top row showed stays at the top while what follows it fits with the
        // blank rows that were under it; the rows it no longer needs are taken back from the
        // scrollback (from the bottom up, as in tmux). Past that, blank rows go first, then the
        // top goes to the scrollback.
        let content = layout.rows.count
        let topIndex = layout.row(line: lines - 1 - reference.topLineFromLast, offset: reference.topOffset)
        let shown = content - topIndex
        let blankRows = shown + reference.blankRows <= newRows ? reference.blankRows : max(0, newRows - shown)
        // Too little text for the screen: blank rows at the bottom.
        let history = max(0, content + blankRows - newRows)

        let firstLine = scrollback.dropped, oldLines = scrollback.count + oldRows
        reflowedLines = { line, column in
            // Line numbers count from the scrollback's oldest row before and after; the blank
            // rows under the text follow it.
            let source = line - firstLine
            guard source >= 0, source < oldLines else { return (line, column) }
            guard source < layout.sourceCount else { return (firstLine + content + source - layout.sourceCount, column) }
            let moved = layout.position(ofSource: source, column: column)
            return (firstLine + moved.row, moved.column)
        }
        scrollback.replaceAll(with: layout.rows[0..<history].lazy.map { $0.scrollbackLine(isReverse: self.isReverse) })
        let grid = ScreenGrid(rows: newRows, columns: newColumns, fill: pen)
        for index in history..<min(content, history + newRows) {
            let row = index - history
            let cells = layout.rows[index].screenCells(isReverse: isReverse)
            let count = min(cells.count, newColumns)
            cells.withUnsafeBufferPointer { cells in
                if let base = cells.baseAddress { grid.row(row).update(from: base, count: count) }
            }
            grid.extend(row: row, to: count)
            grid.setWrapped(layout.rows[index].isWrapped, row: row)
        }
        // A cursor above the screen (text below it fills the screen) goes to its top row.
        let position = layout.cursor ?? (content - 1, 0, false)
        let row = position.row - history
        return (grid, VTermPos(row: Int32(max(0, row)), col: Int32(position.column)), position.isPastEdge && row >= 0)
    }

    /// True when screen row `row` of the primary grid holds no text: nothing but blanks a line
    /// may end with (`ReflowLayout.isTrailingBlank`).
    private func rowIsBlank(_ row: Int) -> Bool {
        let cells = primary.row(row)
        return (0..<primary.columns).allSatisfy { ReflowLayout.isTrailingBlank(cells[$0]) }
    }
}
