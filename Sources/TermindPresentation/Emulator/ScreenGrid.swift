import CVTerm

/// One buffer of a pane's screen (the primary or the alternate one): `rows` × `columns` cells in
/// libvterm's own cell layout, each row contiguous, the rows reached through a ring so that
/// scrolling moves row numbers, never cells.
///
/// Screen row `r` is stored row `slots[(origin + r) % rows]`. Scrolling the whole screen turns
/// the ring (`origin`), in constant time; scrolling a band of full-width rows (a scroll region)
/// rotates that band's slots, one integer a row. Cells move only for a scroll narrower than the
/// screen (insert and delete characters, left and right margins), as in a real terminal.
///
/// Each slot also says whether its row wrapped onto the next one (a line longer than the
/// screen), so the flag moves with the row's cells, and how far it was written since it was last
/// filled whole (`extent`): from there on it holds only that fill's cell (`blank`). Filling the
/// row whole again with the same cell then writes only up to there, and the row's text ends
/// there at the latest. A flood of short lines refilled 160 cells of every row scrolled in and
/// read 80 trailing blanks of every row scrolled out.
///
/// Owned by its `TerminalScreen`, on the same thread.
final class ScreenGrid {
    let rows: Int
    let columns: Int
    /// The grid's rows, as a value the screen keeps at hand: no reference counting for each
    /// character written.
    let view: Rows
    private let cells: UnsafeMutablePointer<VTermScreenCell>
    private let slots: UnsafeMutablePointer<Int>
    private let origin: UnsafeMutablePointer<Int>
    /// Per slot: the row's text went on to the next row because it reached the right edge.
    private var wrapped: [Bool]
    /// Per slot: the columns from this one on hold only `blanks[slot]`. Whoever writes a cell at
    /// or past it moves it (`extend`, or the glyph callback's C part).
    private let extents: UnsafeMutablePointer<Int>
    /// Per slot: the cell the row was last filled with whole.
    private let blanks: UnsafeMutablePointer<VTermScreenCell>

    /// Where screen row `r` lies, valid as long as the grid.
    struct Rows {
        fileprivate let cells: UnsafeMutablePointer<VTermScreenCell>
        fileprivate let slots: UnsafeMutablePointer<Int>
        fileprivate let origin: UnsafeMutablePointer<Int>
        fileprivate let rows: Int
        fileprivate let columns: Int

        /// The cells of screen row `row`, `columns` of them, valid until the grid scrolls.
        @inline(__always)
        func row(_ row: Int) -> UnsafeMutablePointer<VTermScreenCell> {
            var index = origin.pointee + row
            if index >= rows { index -= rows }
            return cells + slots[index] * columns
        }
    }

    /// A grid whose every cell is `fill`.
    init(rows: Int, columns: Int, fill: VTermScreenCell) {
        self.rows = rows
        self.columns = columns
        cells = .allocate(capacity: rows * columns)
        cells.initialize(repeating: fill, count: rows * columns)
        slots = .allocate(capacity: rows)
        for row in 0..<rows {
            slots[row] = row
        }
        origin = .allocate(capacity: 1)
        origin.initialize(to: 0)
        wrapped = Array(repeating: false, count: rows)
        extents = .allocate(capacity: rows)
        extents.initialize(repeating: 0, count: rows)
        blanks = .allocate(capacity: rows)
        blanks.initialize(repeating: fill, count: rows)
        view = Rows(cells: cells, slots: slots, origin: origin, rows: rows, columns: columns)
    }

    deinit {
        cells.deallocate()
        slots.deallocate()
        origin.deallocate()
        extents.deallocate()
        blanks.deallocate()
    }

    /// A grid of another size holding this one's top left; the cells it adds are `fill`.
    func resized(rows newRows: Int, columns newColumns: Int, fill: VTermScreenCell) -> ScreenGrid {
        let grid = ScreenGrid(rows: newRows, columns: newColumns, fill: fill)
        for row in 0..<min(rows, newRows) {
            grid.row(row).update(from: self.row(row), count: min(columns, newColumns))
            grid.extend(row: row, to: min(columns, newColumns))
            grid.setWrapped(isWrapped(row: row), row: row)
        }
        return grid
    }

    /// The cells of screen row `row`, `columns` of them, valid until the grid scrolls.
    func row(_ row: Int) -> UnsafeMutablePointer<VTermScreenCell> {
        view.row(row)
    }

    /// Points the glyph callback's C part at this grid's cells (the screen draws on it now).
    func lend(to sink: UnsafeMutablePointer<TermindGlyphSink>) {
        sink.pointee.cells = cells
        sink.pointee.slots = UnsafePointer(slots)
        sink.pointee.origin = UnsafePointer(origin)
        sink.pointee.rows = rows
        sink.pointee.columns = columns
        sink.pointee.extents = extents
    }

    /// Screen row `row` was written up to (not including) column `end`.
    @inline(__always)
    func extend(row: Int, to end: Int) {
        let slot = slot(ofRow: row)
        if end > extents[slot] { extents[slot] = min(end, columns) }
    }

    /// Sets columns `left..<right` of screen row `row` to `cell`. Filling the whole row with
    /// the cell it was last filled with whole writes only the columns written since.
    func fill(row: Int, from left: Int, to right: Int, with cell: VTermScreenCell) {
        let slot = slot(ofRow: row)
        let line = cells + slot * columns
        guard left == 0, right == columns else {
            Self.fill(line + left, count: right - left, with: cell)
            if right > extents[slot] { extents[slot] = right }
            return
        }
        Self.fill(line, count: Self.sameBytes(cell, blanks + slot) ? extents[slot] : columns, with: cell)
        blanks[slot] = cell
        extents[slot] = 0
    }

    /// True when the two cells hold the same bytes, compared a word at a time (a cell is five
    /// 8-byte words, which `CVTerm`'s shim asserts).
    private static func sameBytes(_ cell: VTermScreenCell, _ other: UnsafePointer<VTermScreenCell>) -> Bool {
        withUnsafeBytes(of: cell) { one in
            let two = UnsafeRawPointer(other)
            return stride(from: 0, to: MemoryLayout<VTermScreenCell>.size, by: 8).allSatisfy { offset in
                one.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == two.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            }
        }
    }

    /// Where the text of screen row `row` ends at the latest: past it are only cells that
    /// `isBlank` calls blank.
    func contentEnd(row: Int, isBlank: (UnsafePointer<VTermScreenCell>) -> Bool) -> Int {
        let slot = slot(ofRow: row)
        return isBlank(blanks + slot) ? extents[slot] : columns
    }

    /// Sets `count` cells from `cells` on to `cell`: one stored, then copied in doubling
    /// blocks, which `memcpy` moves many bytes at a time (a row erased at each scrolled line was
    /// 7% of a flood's time, stored cell by cell).
    static func fill(_ cells: UnsafeMutablePointer<VTermScreenCell>, count: Int, with cell: VTermScreenCell) {
        guard count > 0 else { return }
        cells.pointee = cell
        var filled = 1
        while filled < count {
            let block = min(filled, count - filled)
            UnsafeMutableRawPointer(cells + filled).copyMemory(from: cells, byteCount: block * MemoryLayout<VTermScreenCell>.stride)
            filled += block
        }
    }

    /// The slot holding screen row `row` now: it names the row's cells however the grid turns.
    @inline(__always)
    func slot(ofRow row: Int) -> Int {
        var index = origin.pointee + row
        if index >= rows { index -= rows }
        return slots[index]
    }

    /// True when screen row `row` wrapped onto the row below it.
    func isWrapped(row: Int) -> Bool {
        wrapped[slot(ofRow: row)]
    }

    func setWrapped(_ isWrapped: Bool, row: Int) {
        wrapped[slot(ofRow: row)] = isWrapped
    }

    func setWrapped(slot: Int) {
        wrapped[slot] = true
    }

    /// Moves the rows of `band` up by `count` (`0 < count < band.count`): the top `count` rows
    /// come out at the bottom of the band, still holding their old cells for the caller to clear.
    func rotateUp(_ band: Range<Int>, by count: Int) {
        if band.count == rows {
            origin.pointee = (origin.pointee + count) % rows
        } else {
            rotate(band, leftBy: count)
        }
    }

    /// Moves the rows of `band` down by `count` (`0 < count < band.count`): the bottom `count`
    /// rows come out at the top of the band, still holding their old cells.
    func rotateDown(_ band: Range<Int>, by count: Int) {
        if band.count == rows {
            origin.pointee = (origin.pointee + rows - count) % rows
        } else {
            rotate(band, leftBy: band.count - count)
        }
    }

    /// Rotates the slots of `band` so that the one at `band.lowerBound + shift` comes first.
    private func rotate(_ band: Range<Int>, leftBy shift: Int) {
        let origin = self.origin.pointee
        let moved = (0..<band.count).map { slots[(origin + band.lowerBound + ($0 + shift) % band.count) % rows] }
        for (offset, slot) in moved.enumerated() {
            slots[(origin + band.lowerBound + offset) % rows] = slot
        }
    }
}
