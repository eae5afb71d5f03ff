import CVTerm

/// One row of scrollback, stored compactly: its characters as UTF-8 and its styles as runs,
/// instead of libvterm's 40-byte cells (a 150-column row of text costs about 250 bytes, not
/// 6,000). It reads back to exactly the cells it was made from, wide characters, combining marks
/// and empty cells included (tmux's grid lines and alacritty's storage keep rows the same way).
///
/// A value owned by its `VTermSurface`, on the same thread.
struct ScrollbackLine {
    /// The scalars of every cell, one cell after another, as UTF-8.
    let text: [UInt8]
    /// Each cell's scalar count, `Self.continuation` for the second half of a wide character;
    /// nil when every cell holds exactly one scalar (the common case, which then costs nothing).
    let shape: [UInt8]?
    /// Where the style changes: from `start` on, cells have this style; the first run starts at 0.
    private let styles: StyleRuns
    let cellCount: Int
    /// The row's text went on to the next row: it reached the right edge and wrapped.
    let isWrapped: Bool

    /// A wide character's second half in `shape`.
    static let continuation: UInt8 = .max

    private struct StyleRun {
        var start: UInt16
        var attributes: VTermScreenCellAttrs
        var foreground: VTermColor
        var background: VTermColor
    }

    /// The style runs, the first one kept inline: most rows have one style, and an array for
    /// it cost every scrolled row a second allocation, and its free when the row was dropped.
    private struct StyleRuns {
        private var first: StyleRun?
        private var rest: [StyleRun] = []

        init(_ first: StyleRun? = nil) {
            self.first = first
        }

        var count: Int { first == nil ? 0 : 1 + rest.count }
        var last: StyleRun? { rest.last ?? first }
        /// Bytes on the heap: the array of the runs after the first, when there are any.
        var heapBytes: Int { rest.isEmpty ? 0 : 32 + rest.count * MemoryLayout<StyleRun>.stride }

        subscript(index: Int) -> StyleRun { index == 0 ? first! : rest[index - 1] }

        mutating func append(_ run: StyleRun) {
            if first == nil { first = run } else { rest.append(run) }
        }
    }

    init(_ cells: UnsafeBufferPointer<VTermScreenCell>, isWrapped: Bool = false) {
        self.isWrapped = isWrapped
        if let plain = Self.plainText(cells) {
            self.text = plain
            self.shape = nil
            self.styles = StyleRuns(cells.first.map { StyleRun(start: 0, attributes: $0.attrs, foreground: $0.fg, background: $0.bg) })
            self.cellCount = cells.count
            return
        }
        var text: [UInt8] = []
        text.reserveCapacity(cells.count)
        var shape: [UInt8] = []
        var plain = true
        var styles = StyleRuns()
        // The last cell's style as stored, so a run of cells styled alike is compared by bytes.
        var lastStyle: (UInt64, UInt32)?
        for index in 0..<cells.count {
            let cell = cells[index]
            var count: UInt8 = 1
            let first = cell.chars.0
            if first == UInt32.max {
                count = Self.continuation
            } else if first > 0, first < 0x80, cell.chars.1 == 0 {
                text.append(UInt8(truncatingIfNeeded: first))
            } else {
                count = 0
                withUnsafeBytes(of: cell.chars) { raw in
                    for value in raw.bindMemory(to: UInt32.self) {
                        if value == 0 { break }
                        Self.appendUTF8(Unicode.Scalar(value) ?? "\u{FFFD}", to: &text)
                        count += 1
                    }
                }
            }
            if count != 1 && plain {
                // The first cell that is not one scalar: the shape of those before it is all ones.
                plain = false
                shape = [UInt8](repeating: 1, count: index)
            }
            if !plain { shape.append(count) }
            let style = Self.storedStyle(cells.baseAddress! + index)
            if let lastStyle, lastStyle == style { continue }
            lastStyle = style
            let run = StyleRun(start: UInt16(clamping: index), attributes: cell.attrs, foreground: cell.fg, background: cell.bg)
            if styles.last.map({ !Self.sameStyle($0, run) }) ?? true { styles.append(run) }
        }
        self.text = text
        self.shape = plain ? nil : shape
        self.styles = styles
        self.cellCount = cells.count
    }

    /// A cell's style as its bytes (attributes, foreground and background lie one after
    /// another): equal bytes are the same style (the converse need not hold).
    @inline(__always)
    private static func storedStyle(_ cell: UnsafePointer<VTermScreenCell>) -> (UInt64, UInt32) {
        let raw = UnsafeRawPointer(cell) + MemoryLayout<VTermScreenCell>.offset(of: \VTermScreenCell.attrs)!
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    }

    /// The text of a row of one-scalar ASCII cells all styled alike (most output), or nil:
    /// checked and copied in one pass over the cells.
    private static func plainText(_ cells: UnsafeBufferPointer<VTermScreenCell>) -> [UInt8]? {
        guard let base = cells.baseAddress else { return [] }
        let style = storedStyle(base)
        var plain = true
        let text = [UInt8](unsafeUninitializedCapacity: cells.count) { buffer, count in
            var cell = base
            for index in 0..<cells.count {
                let first = cell.pointee.chars.0
                guard first > 0, first < 0x80, cell.pointee.chars.1 == 0, storedStyle(cell) == style else {
                    plain = false
                    count = 0
                    return
                }
                buffer[index] = UInt8(truncatingIfNeeded: first)
                cell += 1
            }
            count = cells.count
        }
        return plain ? text : nil
    }

    /// Roughly what the row holds in memory, for the scrollback's byte budget: its arrays'
    /// contents and their headers.
    var byteCost: Int {
        MemoryLayout<Self>.stride + 32 + text.count + (shape.map { 32 + $0.count } ?? 0) + styles.heapBytes
    }

    /// The cells again, as libvterm had them.
    func cells() -> [VTermScreenCell] {
        var cells = [VTermScreenCell](repeating: VTermScreenCell(), count: cellCount)
        var offset = 0
        var run = 0
        for index in 0..<cellCount {
            while run + 1 < styles.count, Int(styles[run + 1].start) <= index { run += 1 }
            var cell = VTermScreenCell()
            if run < styles.count {
                let style = styles[run]
                cell.attrs = style.attributes
                cell.fg = style.foreground
                cell.bg = style.background
            }
            let count = shape?[index] ?? 1
            if count == Self.continuation {
                cell.chars.0 = UInt32.max
                cell.width = 1
            } else {
                withUnsafeMutableBytes(of: &cell.chars) { raw in
                    let slots = raw.bindMemory(to: UInt32.self)
                    for slot in 0..<Int(count) where slot < slots.count {
                        slots[slot] = Self.decodeUTF8(text, at: &offset)
                    }
                }
                let next = index + 1 < cellCount ? (shape?[index + 1] ?? 1) : 1
                cell.width = next == Self.continuation ? 2 : 1
            }
            cells[index] = cell
        }
        return cells
    }

    /// The cells as the workbench draws them, made straight from the compact form: each style
    /// run's colours are converted once, not per cell.
    func terminalCells() -> [TerminalCell] {
        var cells: [TerminalCell] = []
        cells.reserveCapacity(cellCount)
        var offset = 0
        var run = -1
        var foreground = TerminalColor.default, background = TerminalColor.default
        var attributes: CellAttributes = []
        for index in 0..<cellCount {
            if run + 1 < styles.count, Int(styles[run + 1].start) <= index {
                while run + 1 < styles.count, Int(styles[run + 1].start) <= index { run += 1 }
                let style = styles[run]
                foreground = TerminalColor(vtermForeground: style.foreground)
                background = TerminalColor(vtermBackground: style.background)
                attributes = CellAttributes(vtermAttributes: style.attributes)
            }
            let count = shape?[index] ?? 1
            var cell = TerminalCell(text: " ", width: 1, foreground: foreground, background: background, attributes: attributes)
            if count == Self.continuation {
                cell.text = ""
            } else if count > 0 {
                let start = offset
                for _ in 0..<count { offset += Self.sequenceLength(text[offset]) }
                cell.text = String(decoding: text[start..<offset], as: UTF8.self)
                let next = index + 1 < cellCount ? (shape?[index + 1] ?? 1) : 1
                if next == Self.continuation { cell.width = 2 }
            }
            cells.append(cell)
        }
        return cells
    }

    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Compared by meaning: libvterm leaves the unused bits of a cell's attributes and colours
    /// as they were in its buffer, so comparing bytes alone would start a run at every cell.
    private static func sameStyle(_ one: StyleRun, _ other: StyleRun) -> Bool {
        let a = one.attributes, b = other.attributes
        return a.bold == b.bold && a.underline == b.underline && a.italic == b.italic && a.blink == b.blink
            && a.reverse == b.reverse && a.strike == b.strike && a.font == b.font && a.dwl == b.dwl && a.dhl == b.dhl
            && sameColor(one.foreground, other.foreground) && sameColor(one.background, other.background)
    }

    private static func sameColor(_ one: VTermColor, _ other: VTermColor) -> Bool {
        var one = one, other = other
        guard one.type == other.type else { return false }
        if termind_vterm_color_is_indexed(&one) != 0 { return one.indexed.idx == other.indexed.idx }
        return one.rgb.red == other.rgb.red && one.rgb.green == other.rgb.green && one.rgb.blue == other.rgb.blue
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The scalar value of the UTF-8 sequence at `offset` (written by `appendUTF8`, so valid),
    /// moving `offset` past it.
    private static func decodeUTF8(_ bytes: [UInt8], at offset: inout Int) -> UInt32 {
        let lead = bytes[offset]
        let length = sequenceLength(lead)
        var value = length == 1 ? UInt32(lead) : UInt32(lead & (0xFF >> (length + 1)))
        for part in bytes[(offset + 1)..<(offset + length)] { value = value << 6 | UInt32(part & 0x3F) }
        offset += length
        return value
    }
}
