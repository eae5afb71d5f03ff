/// Turns each frame the TUI draws into the bytes that bring the outer terminal from the last
/// frame to this one: it keeps the last frame's `CellBuffer`, compares the new one with it cell
/// by cell, and writes only what changed (through `FrameWriter`, which caches the pen and the
/// cursor), in one byte buffer wrapped in synchronized output (DEC mode 2026) so the terminal
/// shows the frame at once (or, with `SynchronizedOutput.largeFramesOnly`, only a frame too
/// large for one small write). Whole rows that moved up or down are scrolled, not rewritten.
///
/// Like ratatui's double buffering: the caller draws a complete buffer each frame and never
/// has to know what is on the terminal. After anything that may have changed the terminal
/// behind Termind's back (a resize, Ctrl-L, another program using the terminal) call
/// `invalidate()`: the next frame is a full redraw.
///
/// Pure: no I/O and no environment. Lives with the TUI loop on the main actor; it is a value.
public struct ScreenRenderer: Sendable {
    /// What the terminal can show; a change redraws everything.
    public var capabilities: TerminalCapabilities {
        didSet {
            if capabilities != oldValue { invalidate() }
        }
    }

    /// The frame the terminal shows now (as far as Termind knows); nil before the first frame
    /// and after `invalidate()`.
    public private(set) var previous: CellBuffer?
    /// How many cells (a wide pair counts once) the last frame wrote, erased runs not counted.
    public private(set) var lastFrameCellsWritten = 0

    var writer = FrameWriter()
    /// Row hashes of `previous`, when a scroll search computed them.
    var previousRowHashes: [Int]?

    static let beginSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// Cursor moves longer than this many cells are never replaced by writing the cells again.
    static let longestReprintedGap = 8

    public init(capabilities: TerminalCapabilities = TerminalCapabilities()) {
        self.capabilities = capabilities
    }

    /// Makes the next frame a full redraw: clear the screen and draw every cell, with the pen,
    /// cursor position, visibility and shape all sent again.
    public mutating func invalidate() {
        previous = nil
        previousRowHashes = nil
        writer.forgetTerminalState()
    }

    /// The bytes that show `frame` with the cursor as `cursor` says; empty when the terminal
    /// already shows exactly that (an idle frame costs nothing). `synchronizing` says which
    /// frames are wrapped in synchronized output.
    public mutating func render(
        _ frame: CellBuffer, cursor: ScreenCursor, synchronizing: SynchronizedOutput = .always
    ) -> [UInt8] {
        writer.begin(width: frame.width, height: frame.height, prefix: Self.beginSynchronizedUpdate)
        lastFrameCellsWritten = 0

        var shown: CellBuffer
        if let previous, previous.width == frame.width, previous.height == frame.height {
            shown = previous
        } else {
            // A new size: nothing on the terminal can be trusted.
            writer.forgetTerminalState()
            writer.clearScreen()
            shown = CellBuffer(width: frame.width, height: frame.height)
            previousRowHashes = nil
        }

        scrollMovedRows(of: frame, over: &shown)
        for row in 0..<frame.height {
            drawChanges(inRow: row, of: frame, over: shown)
        }
        writer.finish(cursor: cursor)
        previous = frame

        var bytes = writer.takeBytes()
        let bodyLength = bytes.count - Self.beginSynchronizedUpdate.count
        if bodyLength == 0 {
            return []
        }
        guard synchronizing.wraps(bodyLength: bodyLength) else {
            // Small: shifting its few bytes costs less than writing the brackets.
            bytes.removeFirst(Self.beginSynchronizedUpdate.count)
            return bytes
        }
        bytes.append(contentsOf: Self.endSynchronizedUpdate)
        return bytes
    }

    // MARK: - One row

    /// Writes the cells of `row` that differ between `shown` (what the terminal shows) and
    /// `frame`, a wide character and its continuation always together. A trailing run of
    /// changed blanks is erased (EL) when that is shorter than writing it.
    private mutating func drawChanges(inRow row: Int, of frame: CellBuffer, over shown: CellBuffer) {
        let width = frame.width
        let start = row * width
        // Where the row's trailing erasable blanks start, worked out at the first change.
        var erasableFrom: Int?
        var erasableFound = false
        var column = 0
        while column < width {
            let index = start + column
            // A wide character and its continuation are one unit: the buffer keeps the pair
            // consistent, so comparing the first half decides for both.
            let span = frame.cells[index].width == 2 ? 2 : 1
            guard !looksTheSame(index, frame, shown) else {
                column += span
                continue
            }

            if !erasableFound {
                erasableFrom = erasableRunStart(inRow: row, of: frame)
                erasableFound = true
            }
            if let erasableFrom, column >= erasableFrom, let last = lastChange(inRow: row, from: column, of: frame, over: shown),
                last - column + 1 > 3
            {
                // Writing the blanks would take more than EL's three bytes.
                writer.moveCursor(toColumn: column, row: row, gap: gap(before: column, row: row, of: frame))
                writer.eraseToEndOfLine(style: style(index, of: frame))
                return
            }

            writer.moveCursor(toColumn: column, row: row, gap: gap(before: column, row: row, of: frame))
            writer.write(frame.cells[index], style: style(index, of: frame))
            lastFrameCellsWritten += 1
            column += span
        }
    }

    /// True when the cell at `index` shows the same in both buffers (same text and width, same
    /// style once brought to what the terminal can show).
    private func looksTheSame(_ index: Int, _ frame: CellBuffer, _ shown: CellBuffer) -> Bool {
        let new = frame.cells[index]
        let old = shown.cells[index]
        let newChrome = frame.chrome[index]
        let oldChrome = shown.chrome[index]
        if newChrome == oldChrome && new == old {
            return true
        }
        guard new.width == old.width, new.text == old.text else { return false }
        if new.isWideContinuation {
            // Its first half carries the look; a continuation's own colours are never drawn.
            return true
        }
        return RenderStyle(new, isChrome: newChrome, capabilities: capabilities)
            == RenderStyle(old, isChrome: oldChrome, capabilities: capabilities)
    }

    private func style(_ index: Int, of frame: CellBuffer) -> RenderStyle {
        RenderStyle(frame.cells[index], isChrome: frame.chrome[index], capabilities: capabilities)
    }

    /// The cells between the cursor and `column` on `row`, when writing them again would draw
    /// exactly what is there (all unchanged and in the current pen).
    private func gap(before column: Int, row: Int, of frame: CellBuffer) -> ArraySlice<TerminalCell>? {
        guard writer.cursorRow == row, !writer.pendingWrap, let pen = writer.pen,
            let from = writer.cursorColumn, from < column, column - from <= Self.longestReprintedGap
        else { return nil }
        let start = row * frame.width
        for index in (start + from)..<(start + column) where style(index, of: frame) != pen {
            return nil
        }
        // A wide character cut by either end of the gap cannot be written again.
        if frame.cells[start + from].isWideContinuation || frame.cells[start + column - 1].width == 2 {
            return nil
        }
        return frame.cells[(start + from)..<(start + column)]
    }

    /// Where the row's trailing run of erasable blanks starts: spaces without attributes, all in
    /// one style, that EL can draw (on a terminal without BCE, only default-background ones).
    private func erasableRunStart(inRow row: Int, of frame: CellBuffer) -> Int? {
        let start = row * frame.width
        let lastStyle = style(start + frame.width - 1, of: frame)
        guard lastStyle.attributes.isEmpty, capabilities.backgroundColorErase || lastStyle.background == .default else {
            return nil
        }
        var column = frame.width
        while column > 0 {
            let cell = frame.cells[start + column - 1]
            guard cell.text == " ", cell.width == 1, style(start + column - 1, of: frame) == lastStyle else { break }
            column -= 1
        }
        return column < frame.width ? column : nil
    }

    /// The last column at or after `column` on `row` whose cell changed.
    private func lastChange(inRow row: Int, from column: Int, of frame: CellBuffer, over shown: CellBuffer) -> Int? {
        let start = row * frame.width
        var last = frame.width - 1
        while last >= column {
            if !looksTheSame(start + last, frame, shown) { return last }
            last -= 1
        }
        return nil
    }
}
