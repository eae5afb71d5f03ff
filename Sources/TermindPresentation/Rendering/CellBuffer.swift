import TermindDomain

/// One frame of the whole screen as cells, `width` × `height` of `TerminalCell`: what the TUI
/// draws into each frame and what `ScreenRenderer` diffs against the frame before it.
///
/// Wide characters stay whole: every width-2 cell is followed by its continuation cell, and
/// drawing over either half turns the other half into a space. So the renderer never has to
/// show half a character, and a row's text reads the same here as on the terminal.
///
/// Each cell also records whether it is Termind's chrome (see `CellStyle.isChrome`).
/// A plain value (copy-on-write storage); safe to pass between threads.
public struct CellBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major, `width * height` cells.
    private(set) var cells: [TerminalCell]
    /// Parallel to `cells`: true where the cell is chrome.
    private(set) var chrome: [Bool]

    /// A buffer of blank, non-chrome cells (what a cleared terminal shows).
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "a cell buffer cannot be \(width)×\(height)")
        self.width = width
        self.height = height
        cells = Array(repeating: .blank, count: width * height)
        chrome = Array(repeating: false, count: width * height)
    }

    /// The whole buffer as a rectangle.
    public var bounds: CellRect { CellRect(column: 0, row: 0, columns: width, rows: height) }

    /// The cell at `column`, `row`; a position outside the buffer traps.
    public subscript(column: Int, row: Int) -> TerminalCell {
        cells[index(column, row)]
    }

    /// True if the cell at `column`, `row` is Termind's chrome.
    public func isChrome(column: Int, row: Int) -> Bool {
        chrome[index(column, row)]
    }

    /// The cells of one row, `width` of them.
    public func cells(row: Int) -> ArraySlice<TerminalCell> {
        precondition(row >= 0 && row < height, "row \(row) is outside the \(width)×\(height) buffer")
        return cells[row * width..<(row + 1) * width]
    }

    /// The text of one row: continuations skipped, trailing blanks trimmed (for tests and logs).
    public func line(_ row: Int) -> String {
        var text = ""
        for cell in cells(row: row) where !cell.isWideContinuation {
            text += cell.text
        }
        while text.last == " " {
            text.removeLast()
        }
        return text
    }

    /// Every row's text, top to bottom.
    public var lines: [String] {
        (0..<height).map(line)
    }

    // MARK: - Moving rows

    /// Moves the rows in `rows` up by `count` (down when negative), as a terminal scrolls a
    /// region: rows leaving the region are lost, rows coming in are blank.
    mutating func scroll(rows: Range<Int>, by count: Int) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) are outside the \(width)×\(height) buffer")
        guard count != 0 else { return }
        let ordered = count > 0 ? Array(rows) : Array(rows.reversed())
        for row in ordered {
            let source = row + count
            let target = row * width..<(row + 1) * width
            if rows.contains(source) {
                cells[target] = cells[source * width..<(source + 1) * width]
                chrome[target] = chrome[source * width..<(source + 1) * width]
            } else {
                cells.replaceSubrange(target, with: repeatElement(.blank, count: width))
                chrome.replaceSubrange(target, with: repeatElement(false, count: width))
            }
        }
    }

    /// True when `row` here and `otherRow` of `other` (of the same width) hold the same cells.
    func rowEquals(_ row: Int, _ other: CellBuffer, _ otherRow: Int) -> Bool {
        cells[row * width..<(row + 1) * width] == other.cells[otherRow * width..<(otherRow + 1) * width]
            && chrome[row * width..<(row + 1) * width] == other.chrome[otherRow * width..<(otherRow + 1) * width]
    }

    /// A hash of one row's cells, to find rows that moved.
    func rowHash(_ row: Int) -> Int {
        var hasher = Hasher()
        for index in row * width..<(row + 1) * width {
            hasher.combine(cells[index])
            hasher.combine(chrome[index])
        }
        return hasher.finalize()
    }

    // MARK: - Writing one cell

    /// Puts one cell at `column`, `row`, keeping wide characters whole: a width-2 cell also
    /// writes its continuation to the right, a half of a wide character that this write breaks
    /// becomes a space, and a wide cell with no room in the last column becomes a space.
    /// A continuation cell cannot be written on its own; it is written as a space. A control
    /// character in the cell's text is written as U+FFFD.
    public mutating func set(_ cell: TerminalCell, column: Int, row: Int, isChrome: Bool) {
        place(cell, column: column, row: row, isChrome: isChrome, clip: bounds)
    }

    /// `set`, with `clip` standing in for the buffer's edge: a wide cell whose second half would
    /// fall outside `clip` is drawn as a space. `column`, `row` must be inside `clip`.
    mutating func place(_ cell: TerminalCell, column: Int, row: Int, isChrome: Bool, clip: CellRect) {
        precondition(bounds.contains(column: column, row: row), "cell \(column),\(row) is outside the \(width)×\(height) buffer")
        var cell = cell
        if Self.hasControl(cell.text) {
            cell.text = "\u{FFFD}"
        }
        if cell.isWideContinuation || cell.width < 1 {
            cell.text = " "
            cell.width = 1
        } else if cell.width > 2 {
            cell.width = 2
        }
        if cell.width == 2, column + 1 >= min(width, clip.endColumn) {
            cell.text = " "
            cell.width = 1
        }
        breakWideCharacter(at: column, row: row)
        if cell.width == 2 {
            breakWideCharacter(at: column + 1, row: row)
        }
        let at = index(column, row)
        cells[at] = cell
        chrome[at] = isChrome
        if cell.width == 2 {
            var continuation = cell
            continuation.text = ""
            continuation.width = 1
            cells[at + 1] = continuation
            chrome[at + 1] = isChrome
        }
    }

    /// True if `text` holds a character the terminal would act on (C0, DEL, C1) instead of show.
    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
    }

    /// Turns the other half of a wide character that covers `column` into a space, so the cell
    /// at `column` can be overwritten.
    private mutating func breakWideCharacter(at column: Int, row: Int) {
        let at = index(column, row)
        if cells[at].isWideContinuation, column > 0 {
            blankOut(at - 1)
        } else if cells[at].width == 2, column + 1 < width {
            blankOut(at + 1)
        }
    }

    /// A space in the colours of the cell at `at` (its background stays visible).
    private mutating func blankOut(_ at: Int) {
        cells[at].text = " "
        cells[at].width = 1
    }

    private func index(_ column: Int, _ row: Int) -> Int {
        precondition(column >= 0 && column < width && row >= 0 && row < height, "cell \(column),\(row) is outside the \(width)×\(height) buffer")
        return row * width + column
    }
}
