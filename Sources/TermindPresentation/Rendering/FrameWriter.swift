/// Writes the bytes of a frame for the outer terminal, remembering what it left the terminal
/// with (pen, cursor position, pending wrap, cursor visibility and shape) from one frame to the
/// next, so that only differences are sent: an SGR only when the style changes, and the shortest
/// cursor move, or none when the text continues the run (tmux's `tty.c` does the same).
///
/// Everything unknown (`nil`) is sent in full the next time; `forgetTerminalState()` makes
/// everything unknown after the terminal may have changed behind Termind's back.
/// A value owned by `ScreenRenderer`.
struct FrameWriter: Sendable {
    /// The frame's bytes so far.
    private(set) var bytes: [UInt8] = []
    /// The style the terminal will give the next character; nil when not known.
    private(set) var pen: RenderStyle?
    /// Where the terminal's cursor is; nil when not known.
    private(set) var cursorColumn: Int?
    private(set) var cursorRow: Int?
    /// True after a character went into the last column: the cursor shows there, but the next
    /// character would wrap first, so only absolute moves and CR are safe.
    private(set) var pendingWrap = false
    private(set) var cursorVisible: Bool?
    private(set) var cursorShape: CursorShape?
    /// The screen's size, for the last column and the bottom row.
    private(set) var width = 0
    private(set) var height = 0

    mutating func forgetTerminalState() {
        pen = nil
        cursorColumn = nil
        cursorRow = nil
        pendingWrap = false
        cursorVisible = nil
        cursorShape = nil
    }

    /// Starts a frame of `width` × `height`, its bytes opened with `prefix`.
    mutating func begin(width: Int, height: Int, prefix: [UInt8]) {
        self.width = width
        self.height = height
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: prefix)
    }

    /// Hands over the frame's bytes.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    // MARK: - Whole screen

    /// Resets the pen and erases the screen (in the default colours), the cursor at the top left.
    mutating func clearScreen() {
        setPen(.plain)
        appendCSI()
        bytes.append(UInt8(ascii: "H"))
        appendCSI()
        bytes.append(contentsOf: [UInt8(ascii: "2"), UInt8(ascii: "J")])
        cursorColumn = 0
        cursorRow = 0
        pendingWrap = false
    }

    /// Moves rows `top..<bottom` up by `count` (down when negative), blank default rows coming
    /// in, through a scroll region (DECSTBM and SU/SD). The region is set back to the whole screen
    /// afterwards and the cursor ends at the top left, where DECSTBM puts it.
    mutating func scroll(rows: Range<Int>, by count: Int) {
        precondition(count != 0 && abs(count) < rows.count, "cannot scroll \(rows) by \(count)")
        setPen(.plain)
        let wholeScreen = rows == 0..<height
        if !wholeScreen {
            appendCSI()
            appendDecimal(rows.lowerBound + 1)
            bytes.append(UInt8(ascii: ";"))
            appendDecimal(rows.upperBound)
            bytes.append(UInt8(ascii: "r"))
        }
        appendCSI()
        if abs(count) > 1 { appendDecimal(abs(count)) }
        bytes.append(count > 0 ? UInt8(ascii: "S") : UInt8(ascii: "T"))
        if wholeScreen {
            // SU and SD leave the cursor where it was.
            return
        }
        appendCSI()
        bytes.append(UInt8(ascii: "r"))
        cursorColumn = 0
        cursorRow = 0
        pendingWrap = false
    }

    // MARK: - Cells

    /// Writes one cell (or a wide pair) where the cursor is, in `style`.
    ///
    /// After text whose width the outer terminal may see otherwise (`CharacterWidth
    /// .isUncertain`), the cursor's place is forgotten, so the next cell is placed with an
    /// absolute move: a disagreement costs at most a cell, never the rest of the row or a row.
    /// A zero width joiner is left out: libvterm gives each emoji of a ZWJ sequence its own
    /// cells, and an outer terminal that joined them would draw one picture over those cells,
    /// leaving the rest showing what was there before.
    mutating func write(_ cell: TerminalCell, style: RenderStyle) {
        setPen(style)
        appendText(Self.withoutJoiners(cell.text))
        if CharacterWidth.isUncertain(cell.text) {
            cursorColumn = nil
            cursorRow = nil
            pendingWrap = false
        } else {
            advance(by: cell.width)
        }
    }

    /// Erases from the cursor to the end of its row, in `style`'s colours (BCE).
    mutating func eraseToEndOfLine(style: RenderStyle) {
        setPen(style)
        appendCSI()
        bytes.append(UInt8(ascii: "K"))
    }

    private static func withoutJoiners(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{200D}") else { return text }
        return String(text.unicodeScalars.filter { $0 != "\u{200D}" })
    }

    /// The bytes of `cell`'s text as `write` sends them.
    static func textLength(of cell: TerminalCell) -> Int {
        cell.text.utf8.count
    }

    private mutating func advance(by columns: Int) {
        guard let column = cursorColumn else { return }
        let next = column + columns
        if next >= width {
            cursorColumn = width - 1
            pendingWrap = true
        } else {
            cursorColumn = next
        }
    }

    /// A cell's text, with anything the terminal would take as a control drawn as U+FFFD
    /// (buffers keep controls out, but a frame must never move the cursor by surprise).
    private mutating func appendText(_ text: String) {
        if text.isEmpty {
            bytes.append(UInt8(ascii: " "))
            return
        }
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte < 0x20 || byte == 0x7F {
                bytes.append(contentsOf: Self.replacement)
            } else if byte == 0xC2 {
                // U+0080...U+009F are the C1 controls (CSI is U+009B).
                guard let next = utf8.next() else { break }
                if next < 0xA0 {
                    bytes.append(contentsOf: Self.replacement)
                } else {
                    bytes.append(byte)
                    bytes.append(next)
                }
            } else {
                bytes.append(byte)
            }
        }
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    // MARK: - Cursor

    /// Moves the cursor to `column`, `row` the shortest way, or not at all when it is there.
    ///
    /// - Parameter gap: the cells from the cursor up to `column` on the same row, when the
    ///   caller knows they are unchanged and drawn in the current pen: writing them again may be
    ///   shorter than a move.
    mutating func moveCursor(toColumn column: Int, row: Int, gap: ArraySlice<TerminalCell>? = nil) {
        if column == cursorColumn && row == cursorRow && !pendingWrap {
            return
        }
        var best = CursorMove.position(column: column, row: row)
        func consider(_ move: CursorMove) {
            if move.length < best.length { best = move }
        }
        if let current = cursorColumn, let currentRow = cursorRow {
            if row == currentRow {
                consider(.carriageReturn(thenForward: column))
                consider(.column(column))
                if !pendingWrap && column > current {
                    consider(.forward(column - current))
                    if let gap, gap.count == column - current {
                        consider(.reprint(byteCount: gap.reduce(0) { $0 + Self.textLength(of: $1) }))
                    }
                } else if !pendingWrap && column < current {
                    consider(.back(current - column))
                }
            } else if column == current && !pendingWrap {
                consider(row > currentRow ? .down(row - currentRow) : .up(currentRow - row))
                consider(.row(row))
            }
            if row == currentRow + 1 {
                consider(.nextLine(thenForward: column))
            }
        }
        emit(best, gap: gap)
        cursorColumn = column
        cursorRow = row
        pendingWrap = false
    }

    private mutating func emit(_ move: CursorMove, gap: ArraySlice<TerminalCell>?) {
        switch move {
        case .position(let column, let row):
            appendCSI()
            if row > 0 || column > 0 { appendDecimal(row + 1) }
            if column > 0 {
                bytes.append(UInt8(ascii: ";"))
                appendDecimal(column + 1)
            }
            bytes.append(UInt8(ascii: "H"))
        case .carriageReturn(let forward):
            bytes.append(0x0D)
            appendRelative(forward, final: "C")
        case .nextLine(let forward):
            bytes.append(contentsOf: [0x0D, 0x0A])
            appendRelative(forward, final: "C")
        case .column(let column):
            appendCSI()
            if column > 0 { appendDecimal(column + 1) }
            bytes.append(UInt8(ascii: "G"))
        case .row(let row):
            appendCSI()
            if row > 0 { appendDecimal(row + 1) }
            bytes.append(UInt8(ascii: "d"))
        case .forward(let count):
            appendRelative(count, final: "C")
        case .back(let count):
            if count == 1 {
                bytes.append(0x08)
            } else {
                appendRelative(count, final: "D")
            }
        case .down(let count):
            appendRelative(count, final: "B")
        case .up(let count):
            appendRelative(count, final: "A")
        case .reprint:
            for cell in gap ?? [] where !cell.isWideContinuation {
                appendText(cell.text)
            }
        }
    }

    /// Leaves the cursor where the frame wants it: shape, place, then shown or hidden.
    mutating func finish(cursor: ScreenCursor) {
        if cursor.isVisible {
            if cursorShape != cursor.shape {
                appendCSI()
                appendDecimal(cursor.shape.decscusrParameter)
                bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "q")])
                cursorShape = cursor.shape
            }
            moveCursor(
                toColumn: min(max(cursor.column, 0), max(width - 1, 0)),
                row: min(max(cursor.row, 0), max(height - 1, 0))
            )
            if cursorVisible != true {
                bytes.append(contentsOf: Self.showCursor)
                cursorVisible = true
            }
        } else if cursorVisible != false {
            bytes.append(contentsOf: Self.hideCursor)
            cursorVisible = false
        }
    }

    static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
    static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)

    // MARK: - SGR

    /// Makes `style` the pen, sending the shorter of the changes from the current pen or a reset
    /// followed by the whole style; nothing when it already is the pen.
    mutating func setPen(_ style: RenderStyle) {
        if pen == style { return }
        var reset: [UInt8] = []
        if style != .plain {
            reset.append(UInt8(ascii: "0"))
            Self.appendParameters(of: style, to: &reset)
        }
        var parameters = reset
        if let pen {
            var changes: [UInt8] = []
            Self.appendChanges(from: pen, to: style, to: &changes)
            if changes.count < reset.count {
                parameters = changes
            }
        }
        appendCSI()
        bytes.append(contentsOf: parameters)
        bytes.append(UInt8(ascii: "m"))
        pen = style
    }

    /// Every parameter of `style`, each preceded by `;` (after a leading `0`).
    private static func appendParameters(of style: RenderStyle, to out: inout [UInt8]) {
        for (attribute, code) in attributeOnCodes where style.attributes.contains(attribute) {
            separate(&out)
            out.append(contentsOf: code)
        }
        if style.foreground != .default {
            separate(&out)
            appendColor(style.foreground, base: 30, to: &out)
        }
        if style.background != .default {
            separate(&out)
            appendColor(style.background, base: 40, to: &out)
        }
    }

    /// The parameters that turn `pen` into `style` without a reset.
    private static func appendChanges(from pen: RenderStyle, to style: RenderStyle, to out: inout [UInt8]) {
        let removed = pen.attributes.subtracting(style.attributes)
        let added = style.attributes.subtracting(pen.attributes)
        for (attribute, code) in attributeOffCodes where !removed.isDisjoint(with: attribute) {
            // Changing one underline style for another needs no "underline off".
            if attribute == .anyUnderline, !style.attributes.isDisjoint(with: .anyUnderline) { continue }
            separate(&out)
            out.append(contentsOf: code)
        }
        for (attribute, code) in attributeOnCodes where added.contains(attribute) {
            separate(&out)
            out.append(contentsOf: code)
        }
        if style.foreground != pen.foreground {
            separate(&out)
            appendColor(style.foreground, base: 30, to: &out)
        }
        if style.background != pen.background {
            separate(&out)
            appendColor(style.background, base: 40, to: &out)
        }
    }

    private static func separate(_ out: inout [UInt8]) {
        if !out.isEmpty { out.append(UInt8(ascii: ";")) }
    }

    /// `base` is 30 for the foreground, 40 for the background.
    private static func appendColor(_ color: TerminalColor, base: Int, to out: inout [UInt8]) {
        switch color {
        case .default:
            appendDecimal(base + 9, to: &out)
        case .indexed(let index) where index < 8:
            appendDecimal(base + Int(index), to: &out)
        case .indexed(let index) where index < 16:
            appendDecimal(base + 60 + Int(index) - 8, to: &out)
        case .indexed(let index):
            appendDecimal(base + 8, to: &out)
            out.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")])
            appendDecimal(Int(index), to: &out)
        case .rgb(let red, let green, let blue):
            appendDecimal(base + 8, to: &out)
            out.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "2")])
            for channel in [red, green, blue] {
                out.append(UInt8(ascii: ";"))
                appendDecimal(Int(channel), to: &out)
            }
        }
    }

    private static let attributeOnCodes: [(CellAttributes, [UInt8])] = [
        (.bold, Array("1".utf8)),
        (.italic, Array("3".utf8)),
        (.underline, Array("4".utf8)),
        (.doubleUnderline, Array("4:2".utf8)),
        (.curlyUnderline, Array("4:3".utf8)),
        (.blink, Array("5".utf8)),
        (.reverse, Array("7".utf8)),
        (.strikethrough, Array("9".utf8)),
    ]

    /// One "off" code per attribute; the three underlines share 24.
    private static let attributeOffCodes: [(CellAttributes, [UInt8])] = [
        (.bold, Array("22".utf8)),
        (.italic, Array("23".utf8)),
        (.anyUnderline, Array("24".utf8)),
        (.blink, Array("25".utf8)),
        (.reverse, Array("27".utf8)),
        (.strikethrough, Array("29".utf8)),
    ]

    // MARK: - Bytes

    private mutating func appendCSI() {
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
    }

    private mutating func appendRelative(_ count: Int, final: Unicode.Scalar) {
        guard count > 0 else { return }
        appendCSI()
        if count > 1 { appendDecimal(count) }
        bytes.append(UInt8(ascii: final))
    }

    private mutating func appendDecimal(_ value: Int) {
        Self.appendDecimal(value, to: &bytes)
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 {
            appendDecimal(value / 10, to: &out)
        }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
