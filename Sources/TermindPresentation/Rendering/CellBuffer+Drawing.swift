import TermindDomain

// The drawing helpers widgets and panes use. Each keeps to a clip rectangle and keeps wide
// characters whole (through `place`).

extension CellBuffer {
    /// Draws `text` from `column`, `row` in `style`, one character per cell (two for a wide one),
    /// showing only what falls inside `clip` (the whole buffer when nil).
    ///
    /// A wide character cut by the clip's edge shows as a space in its visible half. Control
    /// characters (C0, DEL, C1) are drawn as U+FFFD so that they never reach the terminal; a
    /// character of width 0 (a combining mark with no base) is skipped.
    ///
    /// - Returns: the column after the text, as if nothing had been clipped (for laying out
    ///   what follows on the same row).
    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: CellStyle, clip: CellRect? = nil) -> Int {
        let clip = (clip ?? bounds).intersection(bounds)
        var column = column
        let rowVisible = row >= clip.row && row < clip.endRow
        for character in text {
            let shown = Self.isControl(character) ? "\u{FFFD}" : character
            let width = CharacterWidth.columns(of: shown)
            guard width > 0 else { continue }
            if rowVisible {
                if width == 2, column >= clip.column, column + 1 < clip.endColumn {
                    place(style.cell(String(shown), width: 2), column: column, row: row, isChrome: style.isChrome, clip: clip)
                } else {
                    // Narrow, or a wide character with a half outside the clip: spaces there.
                    for part in column..<(column + width) where part >= clip.column && part < clip.endColumn {
                        let text = width == 1 ? String(shown) : " "
                        place(style.cell(text), column: part, row: row, isChrome: style.isChrome, clip: clip)
                    }
                }
            }
            column += width
        }
        return column
    }

    /// Fills `rect` (clipped to the buffer) with `character` in `style`; spaces by default, which
    /// paints the style's background.
    public mutating func fill(_ rect: CellRect, with character: Character = " ", style: CellStyle) {
        let rect = rect.intersection(bounds)
        let shown = Self.isControl(character) ? "\u{FFFD}" : character
        let width = CharacterWidth.columns(of: shown)
        guard width > 0 else { return }
        for row in rect.row..<rect.endRow {
            var column = rect.column
            while column < rect.endColumn {
                if width == 2, column + 1 < rect.endColumn {
                    place(style.cell(String(shown), width: 2), column: column, row: row, isChrome: style.isChrome, clip: rect)
                } else {
                    place(style.cell(width == 1 ? String(shown) : " "), column: column, row: row, isChrome: style.isChrome, clip: rect)
                }
                column += width == 2 && column + 1 < rect.endColumn ? 2 : 1
            }
        }
    }

    /// Copies a pane surface's visible rows into `rect`, top left to top left: as many rows and
    /// columns as both have; the part of `rect` the surface does not cover is left as it was.
    /// The cells keep the remote program's colours: they are not chrome.
    public mutating func copy(from surface: VTermSurface, into rect: CellRect) {
        let rect = rect.intersection(bounds)
        for row in 0..<min(rect.rows, surface.rows) {
            copy(row: surface.cells(row: row), column: rect.column, row: rect.row + row, clip: rect)
        }
    }

    /// Copies rows of cells (a pane's screen or its scrollback) into `rect`, one row per row of
    /// `rect`, from its top left. The cells are not chrome.
    public mutating func copy<Rows: Sequence>(rows: Rows, into rect: CellRect) where Rows.Element: Collection<TerminalCell> {
        let rect = rect.intersection(bounds)
        var row = rect.row
        for cells in rows {
            guard row < rect.endRow else { break }
            copy(row: cells, column: rect.column, row: row, clip: rect)
            row += 1
        }
    }

    private mutating func copy(row cells: some Collection<TerminalCell>, column start: Int, row: Int, clip: CellRect) {
        var column = start
        var previousWasWide = false
        for cell in cells {
            guard column < clip.endColumn else { break }
            if cell.isWideContinuation && previousWasWide {
                // Written with its first half.
                previousWasWide = false
            } else {
                place(cell, column: column, row: row, isChrome: false, clip: clip)
                previousWasWide = cell.width == 2
            }
            column += 1
        }
    }

    /// True for a character the terminal would act on instead of showing.
    static func isControl(_ character: Character) -> Bool {
        hasControl(String(character))
    }
}
