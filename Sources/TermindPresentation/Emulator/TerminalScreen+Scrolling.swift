import CVTerm

// Scrolling: libvterm's state asks to scroll a rectangle (line feed at the bottom margin, IL,
// DL, SU, SD, ICH, DCH, and the same within margins). A full-width rectangle scrolls by
// turning rows in the grid's ring; a narrower one is left to libvterm, which moves it with
// `move(_:from:)` and erases what it uncovered, as its own screen did.

extension TerminalScreen {
    /// Scrolls `rect` up by `downward` rows (down when negative) if it spans the screen's width
    /// and does not move sideways; returns false, doing nothing, for any other rectangle.
    func scroll(_ rect: VTermRect, downward: Int, rightward: Int) -> Bool {
        guard rightward == 0, rect.start_col == 0, Int(rect.end_col) == columns else { return false }
        let top = max(0, Int(rect.start_row)), bottom = min(rows, Int(rect.end_row))
        guard top < bottom, downward != 0 else { return true }
        let band = top..<bottom
        if abs(downward) >= band.count {
            // More than the band: libvterm erases it all, and nothing goes to scrollback.
            erase(rect, selective: false)
            return true
        }
        if downward > 0 {
            if band.lowerBound == 0, !isAlternate, keepsScrollback {
                for row in 0..<downward {
                    pushToScrollback(row: row)
                }
            }
            grid.rotateUp(band, by: downward)
            erase(rows: (band.upperBound - downward)..<band.upperBound)
        } else {
            grid.rotateDown(band, by: -downward)
            erase(rows: band.lowerBound..<(band.lowerBound - downward))
        }
        markDamaged(band)
        return true
    }

    /// Copies the cells of `source` to `destination` (the same size), row by row in the order
    /// that never reads a row already written.
    func move(_ destination: VTermRect, from source: VTermRect) {
        let count = Int(source.end_col - source.start_col)
        let downward = Int(source.start_row - destination.start_row)
        guard count > 0, destination.start_col >= 0, Int(destination.start_col) + count <= columns,
            source.start_col >= 0, Int(source.start_col) + count <= columns
        else { return }
        let rowsInOrder = downward < 0
            ? stride(from: Int(destination.end_row) - 1, through: Int(destination.start_row), by: -1)
            : stride(from: Int(destination.start_row), through: Int(destination.end_row) - 1, by: 1)
        let width = count * MemoryLayout<VTermScreenCell>.stride
        for row in rowsInOrder where row >= 0 && row < rows && row + downward >= 0 && row + downward < rows {
            let target = UnsafeMutableRawPointer(grid.row(row) + Int(destination.start_col))
            target.copyMemory(from: grid.row(row + downward) + Int(source.start_col), byteCount: width)
            grid.extend(row: row, to: Int(destination.start_col) + count)
        }
        markDamaged(Int(destination.start_row)..<max(Int(destination.start_row), Int(destination.end_row)))
        markDamaged(Int(source.start_row)..<max(Int(source.start_row), Int(source.end_row)))
    }

    /// Empties whole rows with the current pen.
    func erase(rows band: Range<Int>) {
        erase(VTermRect(start_row: Int32(band.lowerBound), end_row: Int32(band.upperBound), start_col: 0, end_col: Int32(columns)), selective: false)
    }

    /// Keeps screen row `row` in scrollback, read in place, without its trailing blank cells.
    func pushToScrollback(row: Int) {
        let isWrapped = grid.isWrapped(row: row)
        guard isReverse else {
            // Past the row's content end only blanks lie: the trim starts there.
            let end = grid.contentEnd(row: row, isBlank: Self.isBlank)
            push(UnsafeBufferPointer(start: grid.row(row), count: end), isWrapped: isWrapped)
            return
        }
        // As it is shown: DECSCNM flips every cell.
        let shown = (0..<columns).map { cell(row: row, column: $0) }
        shown.withUnsafeBufferPointer { push($0, isWrapped: isWrapped) }
    }

    private func push(_ line: UnsafeBufferPointer<VTermScreenCell>, isWrapped: Bool) {
        var end = line.count
        while end > 0, Self.isBlank(line.baseAddress! + end - 1) {
            end -= 1
        }
        scrollback.push(ScrollbackLine(UnsafeBufferPointer(rebasing: line[0..<end]), isWrapped: isWrapped))
    }

    /// Moves the screen down a row and puts the newest scrollback row back in the top one (a
    /// pane growing taller), cut to the screen's width; false when scrollback is empty.
    func takeBackFromScrollback() -> Bool {
        guard let taken = scrollback.popNewest() else { return false }
        let cells = taken.cells()
        _ = scroll(VTermRect(start_row: 0, end_row: Int32(rows), start_col: 0, end_col: Int32(columns)), downward: -1, rightward: 0)
        grid.setWrapped(taken.isWrapped, row: 0)
        var blank = VTermScreenCell()
        blank.width = 1
        blank.fg = defaultForeground
        blank.bg = defaultBackground
        let line = grid.row(0)
        var column = 0
        while column < columns {
            var cell = column < cells.count ? cells[column] : blank
            if cell.width == 2, column == columns - 1 {
                cell = blank  // its second half would be past the edge
            }
            // The row's characters and style; the line attributes stay the erased row's.
            var target = line[column]
            target.chars = cell.chars
            target.attrs.bold = cell.attrs.bold
            target.attrs.underline = cell.attrs.underline
            target.attrs.italic = cell.attrs.italic
            target.attrs.blink = cell.attrs.blink
            target.attrs.reverse = cell.attrs.reverse ^ (isReverse ? 1 : 0)
            target.attrs.strike = cell.attrs.strike
            target.attrs.font = cell.attrs.font
            target.fg = cell.fg
            target.bg = cell.bg
            line[column] = target
            if cell.width == 2 {
                line[column + 1].chars.0 = Self.continuation
            }
            column += cell.width == 2 ? 2 : 1
        }
        grid.extend(row: 0, to: columns)
        markDamaged(0..<1)
        return true
    }

    /// A cell scrollback may trim from a row's end: nothing in it, and no background that shows.
    @inline(__always)
    static func isBlank(_ cell: UnsafePointer<VTermScreenCell>) -> Bool {
        // VTERM_COLOR_IS_DEFAULT_BG, read in place.
        cell.pointee.chars.0 == 0 && cell.pointee.attrs.reverse == 0
            && cell.pointee.bg.type & UInt8(VTERM_COLOR_DEFAULT_BG.rawValue) != 0
    }
}
