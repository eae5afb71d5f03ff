import CVTerm
@testable import TermindPresentation

/// libvterm 0.1.4's own screen layer (`VTermScreen`), driven the way `VTermSurface` drove it
/// before Termind kept its own screen: the reference `TerminalScreen` must agree with, cell for
/// cell. The same parser stands in front of it, and its scrollback is kept the same way.
final class LibvtermScreenReference {
    private(set) var rows: Int
    private(set) var columns: Int
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    private let callbacks: UnsafeMutablePointer<VTermScreenCallbacks>
    private var parser = VTermInputParser()
    private var scrollback: ScrollbackRing<ScrollbackLine>
    /// What libvterm answered (DECRQSS), collected by its output callback.
    private var answers: [UInt8] = []
    private var defaultForeground = VTermColor()
    private var defaultBackground = VTermColor()

    init(rows: Int, columns: Int, scrollbackLimit: Int = 10_000) {
        self.rows = rows
        self.columns = columns
        terminal = vterm_new(Int32(rows), Int32(columns))!
        screen = vterm_obtain_screen(terminal)
        state = vterm_obtain_state(terminal)
        scrollback = ScrollbackRing(capacity: scrollbackLimit, byteLimit: VTermSurface.defaultScrollbackByteLimit) { $0.byteCost }
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: VTermScreenCallbacks(
            damage: nil, moverect: nil, movecursor: nil, settermprop: nil, bell: nil, resize: nil,
            sb_pushline: { columns, cells, user in
                Unmanaged<LibvtermScreenReference>.fromOpaque(user!).takeUnretainedValue().push(UnsafeBufferPointer(start: cells, count: Int(columns)))
                return 1
            },
            sb_popline: { columns, cells, user in
                let reference = Unmanaged<LibvtermScreenReference>.fromOpaque(user!).takeUnretainedValue()
                return reference.pop(into: UnsafeMutableBufferPointer(start: cells, count: Int(columns))) ? 1 : 0
            }))
        vterm_set_utf8(terminal, 1)
        vterm_output_set_callback(terminal, { bytes, count, user in
            let reference = Unmanaged<LibvtermScreenReference>.fromOpaque(user!).takeUnretainedValue()
            reference.answers += UnsafeRawBufferPointer(start: bytes, count: count)
        }, Unmanaged.passUnretained(self).toOpaque())
        vterm_screen_set_callbacks(screen, callbacks, Unmanaged.passUnretained(self).toOpaque())
        vterm_screen_set_damage_merge(screen, VTERM_DAMAGE_SCROLL)
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_reset(screen, 1)
        vterm_state_get_default_colors(state, &defaultForeground, &defaultBackground)
        parser.repeatLimit = columns
    }

    deinit {
        vterm_free(terminal)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }

    func write(_ bytes: [UInt8]) {
        let terminal = self.terminal, rows = self.rows, columns = self.columns
        bytes.withUnsafeBytes { input in
            parser.process(input) { piece in
                _ = vterm_input_write(terminal, piece.baseAddress!.assumingMemoryBound(to: CChar.self), piece.count)
                VTermSurface.keepCursorOnScreen(terminal, rows: rows, columns: columns)
            }
        }
        vterm_screen_flush_damage(screen)
        answers = []
    }

    func resize(rows: Int, columns: Int) {
        guard rows != self.rows || columns != self.columns else { return }  // as the surface does
        self.rows = rows
        self.columns = columns
        vterm_set_size(terminal, Int32(rows), Int32(columns))
        // The same repair as the surface's (libvterm's state would corrupt memory without it).
        VTermSurface.resetMarginsLeftOffScreen(terminal) {
            defer { answers = [] }
            return answers
        }
        VTermSurface.keepCursorOnScreen(terminal, rows: rows, columns: columns)
        parser.repeatLimit = columns
        vterm_screen_flush_damage(screen)
    }

    func cell(row: Int, column: Int) -> TerminalCell {
        var cell = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(column)), &cell)
        return TerminalCell(vtermCell: cell)
    }

    /// The cell's line size as libvterm's screen keeps it: double width, double height.
    func lineSize(row: Int, column: Int) -> [UInt32] {
        var cell = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(column)), &cell)
        return [cell.attrs.dwl, cell.attrs.dhl]
    }

    var cursor: (row: Int, column: Int) {
        var position = VTermPos()
        vterm_state_get_cursorpos(state, &position)
        return (Int(position.row), Int(position.col))
    }

    var scrollbackLines: [[TerminalCell]] {
        (0..<scrollback.count).map { scrollback[$0].terminalCells() }
    }

    private func push(_ cells: UnsafeBufferPointer<VTermScreenCell>) {
        var end = cells.count
        while end > 0 {
            var background = cells[end - 1].bg
            guard cells[end - 1].chars.0 == 0, cells[end - 1].attrs.reverse == 0, termind_vterm_color_is_default_bg(&background) != 0 else { break }
            end -= 1
        }
        scrollback.push(ScrollbackLine(UnsafeBufferPointer(rebasing: cells[0..<end])))
    }

    private func pop(into cells: UnsafeMutableBufferPointer<VTermScreenCell>) -> Bool {
        guard let row = scrollback.popNewest()?.cells() else { return false }
        var blank = VTermScreenCell()
        blank.width = 1
        blank.fg = defaultForeground
        blank.bg = defaultBackground
        for column in cells.indices {
            var cell = column < row.count ? row[column] : blank
            if cell.width == 2, column == cells.count - 1 {
                cell = blank
            }
            cells[column] = cell
        }
        return true
    }
}
