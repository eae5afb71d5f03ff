import CVTerm
import TermindDomain

/// The emulated screen of one SSH pane: owns a libvterm `VTerm`, whose parser and `VTermState`
/// read what the remote sends, and the `TerminalScreen` that keeps the cells and the pane's
/// scrollback from the state's callbacks.
///
/// Feed it the bytes the remote side sends with `write(_:)`; read the grid back with
/// `cell(row:column:)`, `cells(row:)` and `line(_:)`; ask what changed with `takeDamage()`;
/// send `takeOutput()` (libvterm's answers to queries such as DSR and DA) back to the remote.
///
/// Modelled on neovim's libvterm-era terminal: libvterm's callbacks only record (cells, dirty
/// rows, cursor, title, modes, bells, answers) and the host owns scrollback: rows pushed off
/// the top of the primary screen are kept, up to `scrollbackLimit`, and given back when the
/// pane grows taller.
///
/// Every byte passes through `VTermInputParser` first: libvterm 0.1.4 crashes on some
/// sequences a server can send (17 CSI parameters) and cannot resume an OSC/DCS string or a
/// UTF-8 sequence split across writes, so only complete sequences within its limits reach it;
/// an unfinished tail is held and fed whole with the next write, so a write's effects may
/// appear one write later.
///
/// Lives on the TUI's main actor (its one loop), like every pane: it is not `Sendable`, so the
/// compiler keeps it in the isolation domain that created it. libvterm calls back only from
/// inside this type's own methods, on that same thread.
public final class VTermSurface {
    /// Height of the visible screen in rows.
    public private(set) var rows: Int
    /// Width of the visible screen in columns.
    public private(set) var columns: Int
    /// The most rows the scrollback keeps; the oldest are dropped beyond it.
    public let scrollbackLimit: Int

    /// Where the cursor is and whether it is shown.
    public internal(set) var cursor = TerminalCursor(row: 0, column: 0, isVisible: true)
    /// The window title from OSC 0 or OSC 2; empty until the remote sets one.
    public internal(set) var title = ""
    /// The remote shell's working directory, from OSC 7 (`file://host/path`, as bash and zsh
    /// integrations and many prompts send it), percent-decoded; nil until the remote sends one.
    public internal(set) var workingDirectory: String?
    /// How many times the remote rang the bell (BEL) since the surface was made.
    public internal(set) var bellCount = 0
    /// Clipboard writes the remote program asked for (OSC 52), checked and waiting for the
    /// workbench, which forwards them only for a Host that allows it and drops them otherwise.
    var clipboardRequests: [ClipboardRequest] = []
    /// Shell-integration marks (OSC 133 and 7) not yet taken by the pane, oldest first.
    var shellMarks: [ShellMark] = []
    /// The shell session's `ShellMarkToken` once its integration started: marks without it
    /// are a program's output, not the shell's.
    var shellMarkToken: ShellMarkToken?
    /// The commands those marks placed in the pane's text, for prompt jumps and output copies.
    package internal(set) var commandBlocks = CommandBlocks()
    /// True while the remote program uses the alternate screen (`CSI ?1049h`, full-screen
    /// programs such as vim and less). Rows do not go to scrollback meanwhile.
    public internal(set) var isAlternateScreen = false
    /// Which mouse events the remote program asked for.
    public internal(set) var mouseMode: TerminalMouseMode = .none
    /// Bytes libvterm wants sent back to the remote (answers to DSR, DA and similar queries),
    /// in order, until `takeOutput()` drains them.
    public internal(set) var output: [UInt8] = []

    /// Changes with every write and resize: what was read from the screen before is stale.
    public private(set) var contentVersion = 0

    /// The cells, their damage and the scrollback, kept from the state's callbacks.
    let screen: TerminalScreen

    /// The VTerm; internal so the keyboard and mouse extension can drive libvterm's encoders.
    let terminal: OpaquePointer
    let state: OpaquePointer
    /// libvterm keeps this pointer, so it must live as long as `terminal`.
    private let callbacks: UnsafeMutablePointer<VTermStateCallbacks>
    /// The parser callbacks for what libvterm itself does not handle (OSC 7); kept as long as
    /// `terminal`, like `callbacks`.
    private let fallbacks: UnsafeMutablePointer<VTermParserCallbacks>
    /// Confined to the surface's thread like the screen, and changed only inside `write` and
    /// `resize`, never reentered: what `write` touches for every run skips the runtime's
    /// exclusivity checks (`@exclusivity(unchecked)`).
    @exclusivity(unchecked) var parser = VTermInputParser()
    /// Whether `write` stores plain text directly (`storePlainText`); tests and the fuzz target
    /// compare both ways.
    package var writesPlainTextDirectly = true
    /// How many characters `storePlainText` stored directly, for tests that it did.
    @exclusivity(unchecked) private(set) var plainTextCharacters = 0
    /// The CHA that follows a run stored directly, its buffer kept between runs.
    @exclusivity(unchecked) private var cursorMove: [UInt8] = []

    /// The narrowest screen libvterm is given: 0.1.4 writes through a null pointer when a wide
    /// character is printed on a one-column screen (found by the pane-surface fuzz target), so
    /// a one-column pane keeps two and shows the first.
    public static let minimumColumns = 2

    /// Makes a blank `rows` × `columns` screen (at least `minimumColumns` wide).
    ///
    /// - Parameters:
    ///   - scrollbackLimit: how many rows scrolled off the top are kept (0 keeps none).
    ///   - scrollbackByteLimit: how much memory they may take; the oldest go first beyond it.
    public init(rows: Int, columns requested: Int, scrollbackLimit: Int = 10_000, scrollbackByteLimit: Int = defaultScrollbackByteLimit) {
        precondition(rows > 0 && requested > 0, "a terminal needs at least one row and one column, not \(rows)×\(requested)")
        let columns = max(Self.minimumColumns, requested)
        guard let terminal = vterm_new(Int32(clamping: rows), Int32(clamping: columns)) else {
            fatalError("libvterm could not allocate a \(rows)×\(columns) terminal")
        }
        self.rows = rows
        self.columns = columns
        self.scrollbackLimit = max(0, scrollbackLimit)
        self.terminal = terminal
        self.state = vterm_obtain_state(terminal)
        self.screen = TerminalScreen(
            rows: rows, columns: columns, state: state, scrollbackLimit: scrollbackLimit, scrollbackByteLimit: scrollbackByteLimit)
        self.callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: Self.stateCallbacks)
        self.fallbacks = .allocate(capacity: 1)
        fallbacks.initialize(to: Self.unrecognisedCallbacks)

        let user = Unmanaged.passUnretained(self).toOpaque()
        vterm_set_utf8(terminal, 1)
        vterm_output_set_callback(terminal, Self.outputCallback, user)
        screen.sink.pointee.user = user
        screen.sink.pointee.slow = Self.slowGlyph
        vterm_state_set_callbacks(state, callbacks, screen.sink)
        vterm_state_set_unrecognised_fallbacks(state, fallbacks, user)
        vterm_state_reset(state, 1)
        vterm_state_get_default_colors(state, &screen.defaultForeground, &screen.defaultBackground)
        parser.repeatLimit = columns
        screen.markDamaged(0..<rows)
    }

    deinit {
        vterm_free(terminal)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        fallbacks.deinitialize(count: 1)
        fallbacks.deallocate()
    }

    // MARK: - Input

    /// Feeds bytes received from the remote side.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Feeds bytes received from the remote side.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        let terminal = self.terminal, rows = self.rows, columns = self.columns
        contentVersion &+= 1
        screen.reflowReference = nil
        func feed(_ piece: UnsafeRawBufferPointer) {
            guard let base = piece.baseAddress, !piece.isEmpty else { return }
            _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), piece.count)
            // Leaving the alternate screen reflowed the primary one (a piece ends after 1049l).
            if screen.reflowedCursor != nil { placeReflowedCursor() }
            Self.keepCursorOnScreen(terminal, rows: rows, columns: columns)
        }
        parser.process(bytes, plainRunMinimum: writesPlainTextDirectly ? Self.plainRunMinimum : .max, feed: feed) { run in
            storePlainText(run, feed: feed)
        }
        // libvterm can clamp the cursor after its last movecursor (DEC modes in origin mode).
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        cursor.row = Int(position.row)
        cursor.column = Int(position.col)
    }

    /// The shortest run of plain text worth storing directly: below it, the cursor move that
    /// follows costs about what libvterm's text path saves.
    static let plainRunMinimum = 12

    /// Stores the characters of a run of printable ASCII that prints as itself
    /// (`VTermInputParser` followed the modes) straight into the screen, row by row, and returns
    /// how many it stored. On each row it stores those short of the last column and moves
    /// libvterm's cursor past them with CHA; libvterm reads the one in the last column and the
    /// next (it decides the wrap), and the rest of the run from the first row it will not take
    /// (a wrap pending, a double-width line), always the last character (the one a combining
    /// character or REP refers to). libvterm's text path was two thirds of a flood's time
    /// (`termind-bench screen`).
    private func storePlainText(_ run: UnsafeRawBufferPointer, feed: (UnsafeRawBufferPointer) -> Void) -> Int {
        var taken = 0
        while true {
            var position = VTermPos()
            vterm_state_get_cursorpos(state, &position)
            let row = Int(position.row), column = Int(position.col)
            let direct = min(run.count - 1 - taken, columns - 1 - column)
            guard direct >= Self.plainRunMinimum / 2, screen.acceptsPlainText(row: row, column: column) else { return taken }
            screen.putPlainText(UnsafeRawBufferPointer(rebasing: run[taken..<(taken + direct)]), row: row, column: column)
            plainTextCharacters &+= direct
            taken += direct
            cursorMove.removeAll(keepingCapacity: true)
            cursorMove.append(contentsOf: [0x1B, UInt8(ascii: "[")])
            cursorMove.append(contentsOf: String(column + direct + 1).utf8)
            cursorMove.append(UInt8(ascii: "G"))
            cursorMove.withUnsafeBytes(feed)
            guard run.count - taken > 2 else { return taken }
            feed(UnsafeRawBufferPointer(rebasing: run[taken..<(taken + 2)]))
            taken += 2
        }
    }

    /// Changes the screen's size. A new width rewraps the primary screen's lines and its
    /// scrollback, as tmux does (`TerminalScreen+Reflow.swift`): the cursor keeps its place in its
    /// line, the rows fill the screen from the bottom. Otherwise, and on the alternate screen,
    /// content stays anchored at the top left; when rows are removed the top ones go to
    /// scrollback (keeping the cursor's row on screen), and when rows are added the newest
    /// scrollback rows come back above the content.
    public func resize(rows: Int, columns requested: Int) {
        precondition(rows > 0 && requested > 0, "a terminal needs at least one row and one column, not \(rows)×\(requested)")
        let columns = max(Self.minimumColumns, requested)
        guard rows != self.rows || columns != self.columns else { return }
        contentVersion &+= 1
        self.rows = rows
        self.columns = columns
        vterm_set_size(terminal, Int32(clamping: rows), Int32(clamping: columns))
        let answered = output.count
        Self.resetMarginsLeftOffScreen(terminal) {
            defer { output.removeSubrange(answered...) }
            return Array(output[answered...])
        }
        placeReflowedCursor()
        Self.keepCursorOnScreen(terminal, rows: rows, columns: columns)
        parser.repeatLimit = columns
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        cursor.row = Int(position.row)
        cursor.column = Int(position.col)
        screen.markDamaged(0..<rows)
    }

    /// After a reflow: moves the command marks with their text and libvterm's cursor to where
    /// the reflow put it (after leaving the alternate screen, only if libvterm restored the
    /// cursor saved before it).
    private func placeReflowedCursor() {
        if let moved = screen.reflowedLines {
            screen.reflowedLines = nil
            commandBlocks.move { position in
                let place = moved(position.line, position.column)
                return TextPosition(line: place.line, column: place.column)
            }
        }
        guard let reflowed = screen.reflowedCursor else { return }
        screen.reflowedCursor = nil
        if let restored = reflowed.restored {
            var position = VTermPos()
            vterm_state_get_cursorpos(state, &position)
            guard position.row == restored.row, position.col == restored.col else { return }
        }
        Self.moveCursor(terminal, to: reflowed.position)
        if reflowed.isPastEdge { standPastEdge(row: Int(reflowed.position.row), column: Int(reflowed.position.col)) }
    }

    /// Leaves libvterm's cursor past the glyph at `row`, `column`, the last of its row, as
    /// writing it did (the next glyph wraps): the glyph is written again through libvterm, then
    /// its cells put back as they were (libvterm wrote them with its pen).
    private func standPastEdge(row: Int, column: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        let stored = screen.storedCells(row: row, from: column)
        var text = ""
        if stored[0].chars.0 == 0 {
            text = " "
        } else if stored[0].chars.0 != TerminalScreen.continuation {
            withUnsafeBytes(of: stored[0].chars) { raw in
                for value in raw.bindMemory(to: UInt32.self) {
                    guard value != 0, let scalar = Unicode.Scalar(value) else { break }
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        guard !text.isEmpty else { return screen.holdWrap(row: row, column: column) }
        Self.feed(terminal, text)
        screen.restore(stored, row: row, from: column)
    }

    // MARK: - Reading the screen

    /// The cell at `row`, `column` of the visible screen (0-based from the top left); a position
    /// outside the screen is a programming error and traps.
    public func cell(row: Int, column: Int) -> TerminalCell {
        precondition(row >= 0 && row < rows && column >= 0 && column < columns, "cell \(row),\(column) is outside the \(rows)×\(columns) screen")
        return TerminalCell(vtermCell: screen.cell(row: row, column: column))
    }

    /// Every cell of one visible row, `columns` of them.
    public func cells(row: Int) -> [TerminalCell] {
        (0..<columns).map { cell(row: row, column: $0) }
    }

    /// The text of one visible row, trailing blanks trimmed (for tests and plain-text copies).
    public func line(_ row: Int) -> String {
        Self.text(of: cells(row: row))
    }

    /// The rows from the first to the last changed since the last call (then forgets them), or
    /// nil if none changed.
    public func takeDamage() -> Range<Int>? {
        screen.takeDamage()
    }

    /// The rows changed since the last call, ascending (then forgets them): a frame copies only
    /// these.
    public func takeDamagedRows() -> [Int] {
        screen.takeDamagedRows()
    }

    /// The bytes to send back to the remote side, in order (then forgets them).
    public func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    // MARK: - Scrollback

    /// What one pane's scrollback may take in memory by default: 16 MiB.
    public static let defaultScrollbackByteLimit = 16 << 20

    /// What the scrollback's rows take in memory, about (at most the byte limit given).
    public var scrollbackBytes: Int { screen.scrollback.bytes }

    /// How many rows the scrollback holds (at most `scrollbackLimit`).
    public var scrollbackCount: Int { screen.scrollback.count }

    /// One scrollback row; index 0 is the oldest, `scrollbackCount - 1` the newest (the row that
    /// was just above the visible screen). Trailing blank cells are trimmed, so a row can be
    /// shorter than `columns` (or empty). An index outside `0..<scrollbackCount` traps.
    public func scrollbackLine(_ index: Int) -> [TerminalCell] {
        screen.scrollback[index].terminalCells()
    }

    // MARK: - Helpers

    /// The text of a run of cells: wide-character continuations skipped, trailing blanks trimmed.
    static func text(of cells: [TerminalCell]) -> String {
        var text = ""
        for cell in cells where !cell.isWideContinuation {
            text += cell.text
        }
        while text.last == " " {
            text.removeLast()
        }
        return text
    }
}

@available(*, unavailable, message: "VTermSurface is confined to the TUI's main actor")
extension VTermSurface: Sendable {}
