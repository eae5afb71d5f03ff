// The pane's text as numbered lines, for find, copy mode and whatever else reads the scrollback
// and the screen as one: line numbers count every row the pane ever kept, the scrollback's oldest
// first and the screen's rows after it, and a row keeps its number as it scrolls into the
// scrollback (until the scrollback drops it). Line `n` stays line `n` while output arrives, so
// a match, a selection or a mark found once still names the same row later.

extension VTermSurface {
    /// Every line the pane holds now: the scrollback's, then the screen's.
    public var lineNumbers: Range<Int> {
        let first = screen.scrollback.dropped
        return first..<(first + screen.scrollback.count + rows)
    }

    /// The number of the screen's top row.
    public var firstScreenLine: Int { screen.scrollback.dropped + screen.scrollback.count }

    /// The cells of line `line` (a scrollback row is trimmed of its trailing blanks, a screen row
    /// is `columns` wide); none for a line the pane no longer holds.
    public func cells(line: Int) -> [TerminalCell] {
        let first = screen.scrollback.dropped, screenTop = firstScreenLine
        if line >= screenTop, line < screenTop + rows { return cells(row: line - screenTop) }
        guard line >= first, line < screenTop else { return [] }
        return screen.scrollback[line - first].terminalCells()
    }

    /// True when line `line` wrapped onto the next: the two are one line of the program's text.
    public func isWrapped(line: Int) -> Bool {
        let first = screen.scrollback.dropped, screenTop = firstScreenLine
        if line >= screenTop, line < screenTop + rows { return screen.grid.isWrapped(row: line - screenTop) }
        guard line >= first, line < screenTop else { return false }
        return screen.scrollback[line - first].isWrapped
    }
}
