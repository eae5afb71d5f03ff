import CVTerm

/// The cells of one SSH pane, kept by Termind from libvterm's state callbacks: libvterm's parser
/// and `VTermState` decide what each escape sequence means, this type keeps what is on screen.
/// It replaces libvterm 0.1.4's `VTermScreen`, which moved its whole buffer for every scrolled
/// line; here rows sit in a ring (`ScreenGrid`), a full-width scroll turns it, a row pushed to
/// scrollback is read in place, and damage is kept per row.
///
/// Otherwise it does what `VTermScreen` did, rule for rule, so a pane shows the same cells:
/// cells are libvterm's `VTermScreenCell`s; a wide character's second cell holds 0xFFFFFFFF and
/// a cell's width is read from its neighbour; erasing fills with the current pen; rows leave for
/// scrollback only from a full-width scroll at the top of the primary screen; the alternate
/// screen has its own cells; resizing the height alone keeps the top left, sends top rows to
/// scrollback when the pane gets shorter and takes them back when it grows; DECSCNM flips every
/// cell's reverse attribute as it is read. Unlike libvterm 0.1.4, a new width rewraps the
/// primary screen's lines and its scrollback (`TerminalScreen+Reflow.swift`), as tmux does.
///
/// A stored cell's `width` is free, since it is read from the next cell: it holds whether the
/// cell is protected from selective erase (DECSCA), which libvterm keeps in its own pen.
///
/// Owned by its `VTermSurface`, on the same thread; libvterm calls in only from inside the
/// surface's own methods. That confinement is why the properties libvterm's callbacks touch for
/// every character skip the runtime's exclusivity checks (`@exclusivity(unchecked)`): the
/// screen is never reentered while one of them is being changed.
final class TerminalScreen {
    @exclusivity(unchecked) private(set) var rows: Int
    @exclusivity(unchecked) private(set) var columns: Int
    /// Rows pushed off the top of the primary screen, oldest first, trailing blanks trimmed.
    @exclusivity(unchecked) var scrollback: ScrollbackRing<ScrollbackLine>
    /// True while the alternate screen is shown.
    @exclusivity(unchecked) private(set) var isAlternate = false

    private(set) var primary: ScreenGrid
    /// Made the first time a program asks for it, then kept, as libvterm keeps its own.
    private var alternate: ScreenGrid?
    /// The grid being drawn on: `primary` or `alternate`.
    private(set) var grid: ScreenGrid {
        didSet {
            cells = grid.view
            grid.lend(to: sink)
        }
    }
    /// `grid`'s rows.
    @exclusivity(unchecked) private(set) var cells: ScreenGrid.Rows
    /// What libvterm's glyph callback needs, shared with its C part (`termind_put_glyph`), which
    /// stores the common glyph without calling into Swift: the grid, the pen, the damage, and
    /// whether a wrap is pending. libvterm's state callbacks are given it as their `user`.
    let sink: UnsafeMutablePointer<TermindGlyphSink>
    /// The pen libvterm's state last set, as an empty cell: glyphs take its style, erasing
    /// fills with it.
    var pen: VTermScreenCell {
        get { sink.pointee.pen }
        set { sink.pointee.pen = newValue }
    }
    /// DECSCNM: the whole screen shown in reverse video.
    @exclusivity(unchecked) private(set) var isReverse = false
    let keepsScrollback: Bool
    /// The state, asked for line attributes (double width) and the cursor.
    private let state: OpaquePointer
    /// How many rows the state's line attributes cover: fewer than `rows` only inside `resize`.
    @exclusivity(unchecked) private var lineInfoRows: Int
    /// libvterm's default colours, for the blank end of a row taken back from scrollback.
    var defaultForeground = VTermColor()
    var defaultBackground = VTermColor()

    /// Rows changed since the last `takeDamage`, one flag a row (`rows` of them), and the row
    /// flagged last, so a run of glyphs on one row flags it once: both in `sink`.
    private var damaged: UnsafeMutablePointer<UInt8> { sink.pointee.damaged }
    /// Every row is flagged in `damaged`.
    @exclusivity(unchecked) private var everyRowDamaged = true
    /// The last glyph reached the right edge: if the next one lands at column 0 with no cursor
    /// move between, its row wrapped (libvterm 0.1.4 keeps no continuation flag of its own).
    @exclusivity(unchecked) var pendingWrap: PendingWrap? {
        didSet { sink.pointee.wrapPending = pendingWrap == nil ? 0 : 1 }
    }

    struct PendingWrap {
        /// The grid slot of the row the glyph was put on (it may scroll before the next glyph).
        var slot: Int
        /// Where libvterm's cursor stays after that glyph: a move elsewhere cancels the wrap.
        var row: Int
        var column: Int
        /// The glyph reached the last column and the cursor stays on it (libvterm's phantom
        /// column): the cursor is logically past it. False for a wide character one column short.
        var isPastEdge: Bool
    }

    /// The layout the reflows since the last write started from (`TerminalScreen+Reflow.swift`):
    /// each lays the text out from it, not from the last one, so that resizing back gives the
    /// screen back. Any write forgets it (`VTermSurface.write`).
    @exclusivity(unchecked) var reflowReference: ReflowReference?

    /// Where the text stood on the screen before a run of reflows: how many blank rows lay under
    /// it, and which text the top row showed (its line, counted from the last, and the offset in
    /// it).
    struct ReflowReference {
        var blankRows: Int
        var topLineFromLast: Int
        var topOffset: Int
    }
    /// Where the last reflow put the cursor, for the surface to move libvterm's state there;
    /// after leaving the alternate screen, only if libvterm's cursor is at `restored` (1049
    /// restored the cursor saved on the screen before it was reflowed).
    var reflowedCursor: (position: VTermPos, isPastEdge: Bool, restored: VTermPos?)?
    /// Where the cursor was on the primary screen when the alternate one was entered.
    private var primaryCursor = VTermPos()
    /// Where the last reflow moved each line number's text (line and column in, line and column
    /// out), for the surface's marks; taken once.
    var reflowedLines: ((Int, Int) -> (line: Int, column: Int))?

    /// `width` of a stored cell: protected from selective erase or not.
    static let unprotected: CChar = 1
    static let protected: CChar = 0
    /// `chars.0` of a wide character's second cell.
    static let continuation = UInt32.max

    init(rows: Int, columns: Int, state: OpaquePointer, scrollbackLimit: Int, scrollbackByteLimit: Int) {
        self.rows = rows
        self.columns = columns
        self.state = state
        lineInfoRows = rows
        sink = .allocate(capacity: 1)
        var pen = VTermScreenCell()
        pen.width = Self.unprotected
        sink.initialize(to: TermindGlyphSink(
            cells: nil, slots: nil, origin: nil, rows: 0, columns: 0, extents: nil, pen: pen, damaged: Self.damageFlags(rows),
            lastDamagedRow: -1, wrapPending: 0, slow: nil, user: nil))
        primary = ScreenGrid(rows: rows, columns: columns, fill: pen)
        grid = primary
        cells = primary.view
        primary.lend(to: sink)
        keepsScrollback = scrollbackLimit > 0
        scrollback = ScrollbackRing(capacity: scrollbackLimit, byteLimit: scrollbackByteLimit) { $0.byteCost }
    }

    deinit {
        sink.pointee.damaged.deallocate()
        sink.deallocate()
    }

    /// `rows` damage flags, every row damaged.
    private static func damageFlags(_ rows: Int) -> UnsafeMutablePointer<UInt8> {
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: rows)
        flags.initialize(repeating: 1, count: rows)
        return flags
    }

    // MARK: - Reading

    /// The cell at `row`, `column` as libvterm's screen reported it: width 2 before a wide
    /// character's second cell, reverse flipped under DECSCNM.
    func cell(row: Int, column: Int) -> VTermScreenCell {
        let line = grid.row(row)
        var cell = line[column]
        cell.width = column < columns - 1 && line[column + 1].chars.0 == Self.continuation ? 2 : 1
        if isReverse { cell.attrs.reverse ^= 1 }
        return cell
    }

    /// The rows changed since the last call, ascending (then forgets them).
    func takeDamagedRows() -> [Int] {
        defer { clearDamage() }
        return (0..<rows).filter { damaged[$0] != 0 }
    }

    /// The rows from the first to the last one changed since the last call, or nil if none
    /// changed (then forgets them).
    func takeDamage() -> Range<Int>? {
        defer { clearDamage() }
        let flags = UnsafeBufferPointer(start: damaged, count: rows)
        guard let first = flags.firstIndex(of: 1), let last = flags.lastIndex(of: 1) else { return nil }
        return first..<(last + 1)
    }

    func markDamaged(_ band: Range<Int>) {
        // A flood scrolls the whole screen at every line: once every row is marked, until the
        // next frame takes the damage, marking them again changes nothing.
        guard !everyRowDamaged else { return }
        let band = band.clamped(to: 0..<rows)
        for row in band {
            damaged[row] = 1
        }
        everyRowDamaged = band.count == rows
    }

    @inline(__always)
    private func markDamaged(row: Int) {
        guard row != sink.pointee.lastDamagedRow else { return }
        damaged[row] = 1
        sink.pointee.lastDamagedRow = row
    }

    private func clearDamage() {
        damaged.update(repeating: 0, count: rows)
        sink.pointee.lastDamagedRow = -1
        everyRowDamaged = false
    }

    // MARK: - What libvterm's state asks for

    /// Puts a character (with its combining marks) at `position`; a wide one marks the cells it
    /// covers to its right as its continuation. libvterm's callback does the same in C
    /// (`termind_put_glyph`) and comes here only at the right edge or with a wrap pending.
    func putGlyph(_ info: VTermGlyphInfo, at position: VTermPos) {
        let row = Int(position.row), column = Int(position.col)
        guard row >= 0, row < rows, column >= 0, column < columns, let chars = info.chars, chars[0] != 0 else { return }
        if let pending = pendingWrap {
            pendingWrap = nil
            if column == 0, pending.slot != grid.slot(ofRow: row) { grid.setWrapped(slot: pending.slot) }
        }
        var cell = pen
        cell.chars.0 = chars[0]
        if chars[1] != 0 {
            withUnsafeMutableBytes(of: &cell.chars) { raw in
                let slots = raw.bindMemory(to: UInt32.self)
                var index = 1
                while index < slots.count, chars[index] != 0 {
                    slots[index] = chars[index]
                    index += 1
                }
            }
        }
        cell.width = info.protected_cell != 0 ? Self.protected : Self.unprotected
        cell.attrs.dwl = info.dwl
        cell.attrs.dhl = info.dhl
        let line = cells.row(row)
        line[column] = cell
        var covered = column + 1
        while covered < column + Int(info.width), covered < columns {
            line[covered].chars.0 = Self.continuation
            covered += 1
        }
        grid.extend(row: row, to: covered)
        markDamaged(row: row)
        let end = column + Int(info.width)
        if end >= columns - 1 {
            // At the edge libvterm's cursor stays on the glyph; one column short, a wide
            // character still wraps.
            pendingWrap = PendingWrap(slot: grid.slot(ofRow: row), row: row, column: end >= columns ? column : end, isPastEdge: end >= columns)
        }
    }

    /// Whether a run of plain text may be stored directly from `column` of `row`: no wrap is
    /// pending (libvterm would wrap before the first character) and the row is single width.
    func acceptsPlainText(row: Int, column: Int) -> Bool {
        guard pendingWrap == nil, row >= 0, row < rows, column >= 0, column < columns, row < lineInfoRows else { return false }
        let info = vterm_state_get_lineinfo(state, Int32(row)).pointee
        return info.doublewidth == 0 && info.doubleheight == 0
    }

    /// Stores printable ASCII bytes as libvterm's state would print them with the current pen,
    /// from `column` of `row` on, none reaching the last column (`acceptsPlainText` said yes).
    func putPlainText(_ text: UnsafeRawBufferPointer, row: Int, column: Int) {
        precondition(column + text.count < columns, "plain text stops short of the last column")
        guard let base = text.baseAddress else { return }
        termind_put_text(sink, row, column, base.assumingMemoryBound(to: UInt8.self), text.count)
    }

    /// libvterm's cursor moved: a pending wrap holds only while it stays where the glyph left it.
    func cursorMoved(row: Int, column: Int) {
        guard let pending = pendingWrap, pending.row != row || pending.column != column else { return }
        pendingWrap = nil
    }

    /// Empties `rect` with the current pen; a selective erase (DECSED, DECSEL) spares protected
    /// cells.
    func erase(_ rect: VTermRect, selective: Bool) {
        let top = max(0, Int(rect.start_row)), bottom = min(Int(rect.end_row), rows, lineInfoRows)
        let left = max(0, Int(rect.start_col)), right = min(Int(rect.end_col), columns)
        guard top < bottom, left < right else { return }
        for row in top..<bottom {
            let info = vterm_state_get_lineinfo(state, Int32(row)).pointee
            var blank = pen
            blank.attrs.dwl = info.doublewidth
            blank.attrs.dhl = info.doubleheight
            if selective {
                let line = cells.row(row)
                for column in left..<right where line[column].width != Self.protected {
                    line[column] = blank
                }
                grid.extend(row: row, to: right)
            } else {
                grid.fill(row: row, from: left, to: right, with: blank)
            }
            if left == 0, right == columns, !selective { grid.setWrapped(false, row: row) }
        }
        markDamaged(top..<bottom)
    }

    /// One attribute of the pen, as SGR set it.
    func setPen(_ attribute: VTermAttr, _ value: VTermValue) {
        switch attribute {
        case VTERM_ATTR_BOLD: pen.attrs.bold = UInt32(value.boolean & 1)
        case VTERM_ATTR_UNDERLINE: pen.attrs.underline = UInt32(value.number & 3)
        case VTERM_ATTR_ITALIC: pen.attrs.italic = UInt32(value.boolean & 1)
        case VTERM_ATTR_BLINK: pen.attrs.blink = UInt32(value.boolean & 1)
        case VTERM_ATTR_REVERSE: pen.attrs.reverse = UInt32(value.boolean & 1)
        case VTERM_ATTR_STRIKE: pen.attrs.strike = UInt32(value.boolean & 1)
        case VTERM_ATTR_FONT: pen.attrs.font = UInt32(value.number & 15)
        case VTERM_ATTR_FOREGROUND: pen.fg = value.color
        case VTERM_ATTR_BACKGROUND: pen.bg = value.color
        default: break
        }
    }

    /// The properties that change what the screen holds or shows: the alternate screen and
    /// reverse video. The surface records the rest.
    func setProperty(_ property: VTermProp, _ value: VTermValue) {
        switch property {
        case VTERM_PROP_ALTSCREEN:
            let on = value.boolean != 0
            if on, alternate == nil {
                alternate = ScreenGrid(rows: rows, columns: columns, fill: pen)
            }
            if on, !isAlternate {
                vterm_state_get_cursorpos(state, &primaryCursor)
            }
            pendingWrap = nil
            if !on, isAlternate, primary.rows != rows || primary.columns != columns {
                // Resized while a program had the alternate screen: the shell's screen is
                // reflowed now, from where its cursor was.
                reflowReference = nil
                let reflowed = reflow(rows: rows, columns: columns, cursor: primaryCursor)
                primary = reflowed.grid
                reflowedCursor = (reflowed.cursor, reflowed.isPastEdge, primaryCursor)
                // The program writes on from here: a later resize starts afresh.
                reflowReference = nil
            }
            grid = on ? alternate! : primary
            isAlternate = on
            // Entering is followed by an erase of the whole screen, which marks it.
            if !on { markDamaged(0..<rows) }
        case VTERM_PROP_REVERSE:
            isReverse = value.boolean != 0
            markDamaged(0..<rows)
        default:
            break
        }
    }

    /// A row became double width or height (DECDWL, DECDHL) or stopped being so: every cell
    /// says so, and the right half of a double-width row is emptied.
    func setLineInfo(row: Int, _ new: VTermLineInfo, old: VTermLineInfo) {
        guard row >= 0, row < rows, new.doublewidth != old.doublewidth || new.doubleheight != old.doubleheight else { return }
        let line = grid.row(row)
        for column in 0..<columns {
            line[column].attrs.dwl = new.doublewidth
            line[column].attrs.dhl = new.doubleheight
        }
        grid.extend(row: row, to: columns)
        markDamaged(row: row)
        if new.doublewidth != 0 {
            erase(VTermRect(start_row: Int32(row), end_row: Int32(row + 1), start_col: Int32(columns / 2), end_col: Int32(columns)), selective: false)
        }
    }

    /// The screen at a new size. A new width rewraps the primary screen's lines (`reflow`); the
    /// primary screen under the alternate one keeps its size until the program leaves
    /// (`setProperty`), then is reflowed. The alternate screen, and the primary at its width,
    /// keep the top left: a shorter primary screen first scrolls as many top rows to scrollback
    /// as keep the cursor's row and every row with text on screen; a taller one takes rows back
    /// from scrollback above the content. `delta` tells libvterm's state how far that moved the
    /// cursor.
    func resize(rows newRows: Int, columns newColumns: Int, delta: inout VTermPos) {
        let oldRows = rows
        lineInfoRows = newRows
        reflowedCursor = nil
        reflowedLines = nil
        // After a reflow and no write, a new height is laid out from the same reference too.
        if !isAlternate, newColumns != columns || reflowReference != nil {
            var cursor = VTermPos()
            vterm_state_get_cursorpos(state, &cursor)
            let reflowed = reflow(rows: newRows, columns: newColumns, cursor: cursor)
            pendingWrap = nil
            primary = reflowed.grid
            alternate = alternate?.resized(rows: newRows, columns: newColumns, fill: pen)
            grid = primary
            reflowedCursor = (reflowed.cursor, reflowed.isPastEdge, nil)
            delta = VTermPos(row: reflowed.cursor.row - cursor.row, col: reflowed.cursor.col - cursor.col)
            resizeDamage(rows: newRows, columns: newColumns)
            return
        }
        pendingWrap = nil
        reflowReference = nil
        if !isAlternate, newRows < oldRows {
            var cursor = VTermPos()
            vterm_state_get_cursorpos(state, &cursor)
            var lastKept = oldRows - 1
            while lastKept >= newRows, isEndOfLine(row: lastKept, from: 0), Int(cursor.row) != lastKept {
                lastKept -= 1
            }
            let scrolled = lastKept + 1 - newRows
            if scrolled > 0 {
                _ = scroll(VTermRect(start_row: 0, end_row: Int32(oldRows), start_col: 0, end_col: Int32(columns)), downward: scrolled, rightward: 0)
                // A cursor above the rows kept ends above the screen, as in libvterm 0.1.4; the
                // surface brings it back (`keepCursorOnScreen`).
                delta.row -= Int32(scrolled)
            }
        }
        if !isAlternate {
            primary = primary.resized(rows: newRows, columns: newColumns, fill: pen)
        }
        alternate = alternate?.resized(rows: newRows, columns: newColumns, fill: pen)
        grid = isAlternate ? alternate! : primary
        resizeDamage(rows: newRows, columns: newColumns)
        if !isAlternate, newRows > oldRows {
            for _ in oldRows..<newRows {
                guard takeBackFromScrollback() else { break }
                delta.row += 1
            }
        }
    }

    /// Takes the new size and a damage flag for each of its rows, every row damaged.
    private func resizeDamage(rows newRows: Int, columns newColumns: Int) {
        rows = newRows
        columns = newColumns
        sink.pointee.damaged.deallocate()
        sink.pointee.damaged = Self.damageFlags(newRows)
        sink.pointee.lastDamagedRow = -1
        everyRowDamaged = true
    }

    /// The cursor stands past the glyph in the last column of `row` (a reflow put it there):
    /// the next glyph wraps, as if it had just been written.
    func holdWrap(row: Int, column: Int) {
        guard row >= 0, row < rows else { return }
        pendingWrap = PendingWrap(slot: grid.slot(ofRow: row), row: row, column: column, isPastEdge: true)
    }

    /// The stored cells of screen row `row` from `column` to its end.
    func storedCells(row: Int, from column: Int) -> [VTermScreenCell] {
        Array(UnsafeBufferPointer(start: grid.row(row) + column, count: columns - column))
    }

    /// Puts back cells `storedCells` gave.
    func restore(_ stored: [VTermScreenCell], row: Int, from column: Int) {
        let line = grid.row(row)
        for (offset, cell) in stored.enumerated() {
            line[column + offset] = cell
        }
        grid.extend(row: row, to: column + stored.count)
        markDamaged(row..<(row + 1))
    }

    /// True when `row` holds nothing from `column` on (a wide character's second half counts).
    func isEndOfLine(row: Int, from column: Int) -> Bool {
        let line = grid.row(row)
        return (column..<columns).allSatisfy { line[$0].chars.0 == 0 }
    }
}

@available(*, unavailable, message: "TerminalScreen is confined to its surface's thread")
extension TerminalScreen: Sendable {}
