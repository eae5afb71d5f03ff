import CVTerm

/// The rows of a primary screen's text and scrollback cut again at a new width
/// (`TerminalScreen.reflow`), oldest first: rows are added as they were, a line of the
/// program's text at a time (rows joined by wraps), and come out rewrapped, with where the
/// cursor's place in its line falls. A scrollback row that is a whole line and fits is kept
/// as it is, not decoded.
///
/// Cells are in the screen's stored form: `width` says protected or not, and under DECSCNM the
/// reverse attribute is not flipped (the scrollback holds rows as shown). A value made and used
/// inside one resize.
struct ReflowLayout {
    /// One rewrapped row: a scrollback row kept as it was, or cells (at most `columns`).
    enum Row {
        case kept(ScrollbackLine)
        case cells([VTermScreenCell], isWrapped: Bool)

        var isWrapped: Bool {
            switch self {
            case .kept(let line): line.isWrapped
            case .cells(_, let isWrapped): isWrapped
            }
        }

        /// The row as the scrollback keeps it: as shown, trailing blank cells trimmed.
        func scrollbackLine(isReverse: Bool) -> ScrollbackLine {
            switch self {
            case .kept(let line):
                return line
            case .cells(var cells, let isWrapped):
                if isReverse { ReflowLayout.flipReverse(&cells) }
                return cells.withUnsafeBufferPointer { cells in
                    var end = cells.count
                    while end > 0, TerminalScreen.isBlank(cells.baseAddress! + end - 1) {
                        end -= 1
                    }
                    return ScrollbackLine(UnsafeBufferPointer(rebasing: cells[0..<end]), isWrapped: isWrapped)
                }
            }
        }

        /// The row's cells as the screen stores them.
        func screenCells(isReverse: Bool) -> [VTermScreenCell] {
            switch self {
            case .kept(let line): ReflowLayout.stored(line, isReverse: isReverse)
            case .cells(let cells, _): cells
            }
        }
    }

    let columns: Int
    let isReverse: Bool
    private(set) var rows: [Row] = []
    /// Per row of `rows`: the offset in its line of its first cell.
    private(set) var rowStarts: [Int] = []
    /// Per line: the index in `rows` of its first row.
    private(set) var lineStarts: [Int] = []
    /// Per row added: its line and the offset in it of its first cell.
    private var sourceLines: [Int] = []
    private var sourceOffsets: [Int] = []
    /// Where the cursor went: its row in `rows`, its column, and whether it stands past the
    /// glyph in the last column (its place is the next row's first column, not yet written).
    private(set) var cursor: (row: Int, column: Int, isPastEdge: Bool)?

    /// The cells of the line being added, and the cursor's offset in them when it is on it.
    private var line: [VTermScreenCell] = []
    private var isLineOpen = false
    private var cursorOffset: Int?

    init(columns: Int, isReverse: Bool) {
        self.columns = columns
        self.isReverse = isReverse
    }

    mutating func reserve(_ count: Int) {
        sourceLines.reserveCapacity(count)
        sourceOffsets.reserveCapacity(count)
        rows.reserveCapacity(count)
        rowStarts.reserveCapacity(count)
        lineStarts.reserveCapacity(count)
    }

    /// Where the next row added starts: its line's number and its offset in it.
    var nextPosition: (line: Int, offset: Int) { (lineStarts.count, line.count) }

    /// The row holding offset `offset` of line `line` (its last row when the line is shorter).
    func row(line: Int, offset: Int) -> Int {
        guard line >= 0, line < lineStarts.count else { return line < 0 ? 0 : rows.count - 1 }
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : rows.count
        var row = lineStarts[line]
        while row + 1 < end, rowStarts[row + 1] <= offset {
            row += 1
        }
        return row
    }

    /// How many rows were added.
    var sourceCount: Int { sourceLines.count }

    /// Where column `column` of the `source`th row added went: a row of `rows` and a column.
    func position(ofSource source: Int, column: Int) -> (row: Int, column: Int) {
        let offset = sourceOffsets[source] + column
        let row = row(line: sourceLines[source], offset: offset)
        return (row, min(max(0, offset - rowStarts[row]), columns - 1))
    }

    /// Adds a scrollback row.
    mutating func add(_ scrolled: ScrollbackLine) {
        sourceLines.append(lineStarts.count)
        sourceOffsets.append(line.count)
        if !isLineOpen, !scrolled.isWrapped, scrolled.cellCount <= columns {
            lineStarts.append(rows.count)
            rowStarts.append(0)
            rows.append(.kept(scrolled))
            return
        }
        line += Self.stored(scrolled, isReverse: isReverse)
        isLineOpen = true
        if !scrolled.isWrapped { endLine() }
    }

    /// Adds a screen row's cells (`wraps`: the line goes on in the next row); `cursor` is the
    /// cursor's offset in it when it is on this row.
    mutating func add(_ cells: UnsafeBufferPointer<VTermScreenCell>, wraps: Bool, cursor: Int?) {
        sourceLines.append(lineStarts.count)
        sourceOffsets.append(line.count)
        if let cursor { cursorOffset = line.count + cursor }
        line.append(contentsOf: cells)
        isLineOpen = true
        if !wraps { endLine() }
    }

    /// Cuts the line at the width: a wide character that does not fit leaves the last column
    /// empty; the line's trailing blanks go.
    private mutating func endLine() {
        var end = line.count
        while end > 0, Self.isTrailingBlank(line[end - 1]) {
            end -= 1
        }
        lineStarts.append(rows.count)
        rowStarts.append(0)
        var row: [VTermScreenCell] = []
        row.reserveCapacity(columns)
        var index = 0
        while index < end {
            if line[index].chars.0 == 0 {
                // An empty cell inside the line is a space: the scrollback trims empty cells
                // from a row's end, where a rewrapped row may now end.
                line[index].chars.0 = 0x20
            }
            let isWide = line[index].chars.0 != TerminalScreen.continuation && index + 1 < end
                && line[index + 1].chars.0 == TerminalScreen.continuation
            let width = isWide ? 2 : 1
            if row.count + width > columns {
                rows.append(.cells(row, isWrapped: true))
                rowStarts.append(index)
                row = []
                row.reserveCapacity(columns)
            }
            if let offset = cursorOffset, offset >= index, offset < index + width {
                cursor = (rows.count, row.count + offset - index, false)
            }
            row.append(line[index])
            if isWide { row.append(line[index + 1]) }
            index += width
        }
        if let offset = cursorOffset, offset >= end {
            // Past the text: blank columns after it, on more rows of the line if need be; at a
            // row's end exactly, past the last column's glyph, as the text would have left it.
            let column = row.count + offset - end
            let isPastEdge = column > 0 && column % columns == 0
            let target = rows.count + (isPastEdge ? column / columns - 1 : column / columns)
            while rows.count < target {
                rows.append(.cells(row, isWrapped: true))
                rowStarts.append(rowStarts[rowStarts.count - 1] + columns)
                row = []
            }
            // libvterm keeps the cursor on a wide character's first column.
            let edge = row.count == columns && row[columns - 1].chars.0 == TerminalScreen.continuation ? columns - 2 : columns - 1
            cursor = (target, isPastEdge ? edge : column % columns, isPastEdge)
        }
        rows.append(.cells(row, isWrapped: false))
        line.removeAll(keepingCapacity: true)
        isLineOpen = false
        cursorOffset = nil
    }

    /// A blank a line may end with: a cell nothing was written in (a space the program wrote
    /// is text), in the default background, not reversed, as the scrollback trims them.
    static func isTrailingBlank(_ cell: VTermScreenCell) -> Bool {
        var cell = cell
        return TerminalScreen.isBlank(&cell)
    }

    /// A scrollback row's cells in the screen's stored form.
    static func stored(_ line: ScrollbackLine, isReverse: Bool) -> [VTermScreenCell] {
        var cells = line.cells()
        for index in cells.indices {
            cells[index].width = TerminalScreen.unprotected
        }
        if isReverse { flipReverse(&cells) }
        return cells
    }

    static func flipReverse(_ cells: inout [VTermScreenCell]) {
        for index in cells.indices {
            cells[index].attrs.reverse ^= 1
        }
    }
}
