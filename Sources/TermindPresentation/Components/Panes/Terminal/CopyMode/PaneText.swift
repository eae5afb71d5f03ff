import Foundation

/// The text of every line of a pane, scrollback then screen, in one UTF-16 buffer that find
/// searches at once: the rows of a wrapped line follow one another, each line of the program's
/// text ends in "\n", an empty cell reads as a space, a wide character is there once. Offsets
/// map back to the line and cell they came from.
///
/// Made from the surface in one pass (its rows read in place, never as `TerminalCell`s), so a
/// full 10,000-row scrollback is ready in a few milliseconds; kept while the surface is
/// unchanged. Confined to the TUI's main actor with the surface it reads. `package` for
/// termind-bench.
package final class PaneText {
    /// The line number of the first line (`VTermSurface.lineNumbers.lowerBound`).
    let firstLine: Int
    package private(set) var units: [UInt16] = []
    /// Where each line's text starts in `units`, and one more entry: the end.
    private var starts: [Int] = []
    /// For a line whose cells are not one unit each: the cell each of its units belongs to.
    private var cellOfUnit: [Int: [Int32]] = [:]
    /// Made on first use (`foldedUnits`, `string`).
    fileprivate var folded: [UInt16]?
    fileprivate var decoded: NSString?

    package init(_ surface: VTermSurface) {
        let lines = surface.lineNumbers
        firstLine = lines.lowerBound
        starts.reserveCapacity(lines.count + 1)
        let screen = surface.screen
        units.reserveCapacity(screen.scrollback.count * 64 + surface.rows * surface.columns)
        for index in 0..<screen.scrollback.count {
            let line = screen.scrollback[index]
            append(line, number: index)
        }
        for row in 0..<surface.rows {
            starts.append(units.count)
            if let map = surface.appendText(ofScreenRow: row, to: &units) { cellOfUnit[screen.scrollback.count + row] = map }
            if !screen.grid.isWrapped(row: row) { units.append(0x0A) }
        }
        starts.append(units.count)
    }

    var lineCount: Int { starts.count - 1 }

    /// Where the unit at `offset` came from; an offset at a line's end ("\n") is just past its
    /// last cell.
    func position(ofUnit offset: Int) -> TextPosition {
        var low = 0, high = lineCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let within = offset - starts[low]
        if let map = cellOfUnit[low] {
            let column = within < map.count ? Int(map[within]) : (map.last.map { Int($0) + 1 } ?? 0)
            return TextPosition(line: firstLine + low, column: column)
        }
        return TextPosition(line: firstLine + low, column: within)
    }

    // MARK: - Building

    /// A scrollback row: its UTF-8 text as it is when every cell is one ASCII character (most
    /// output), decoded cell by cell otherwise.
    private func append(_ line: ScrollbackLine, number: Int) {
        starts.append(units.count)
        if line.shape == nil, line.text.count == line.cellCount {
            line.text.withUnsafeBufferPointer { bytes in
                for byte in bytes { units.append(UInt16(byte)) }
            }
        } else {
            var map: [Int32] = []
            var offset = 0
            let text = line.text
            for cell in 0..<line.cellCount {
                let count = line.shape?[cell] ?? 1
                if count == ScrollbackLine.continuation { continue }
                if count == 0 {
                    units.append(0x20)
                    map.append(Int32(cell))
                    continue
                }
                let start = offset
                for _ in 0..<count { offset += ScrollbackLine.sequenceLength(text[offset]) }
                for unit in String(decoding: text[start..<offset], as: UTF8.self).utf16 {
                    units.append(unit)
                    map.append(Int32(cell))
                }
            }
            cellOfUnit[number] = map
        }
        if !line.isWrapped { units.append(0x0A) }
    }
}

extension PaneText {
    /// `units` folded to lower case (`FindQuery.folded`), for a search that ignores case; made
    /// the first time one asks.
    var foldedUnits: [UInt16] {
        if let folded { return folded }
        let made = [UInt16](unsafeUninitializedCapacity: units.count) { folded, count in
            units.withUnsafeBufferPointer { units in
                for index in 0..<units.count {
                    let unit = units[index]
                    // ASCII inline: most of any scrollback.
                    folded[index] = unit < 0x80 ? (unit &- 0x41 < 26 ? unit | 0x20 : unit) : FindQuery.folded(unit)
                }
            }
            count = units.count
        }
        folded = made
        return made
    }

    /// `units` as a string for `NSRegularExpression`, whose offsets count the same UTF-16 units;
    /// an `NSString` made once, so each search does not convert the text again.
    var string: String {
        if let decoded { return decoded as String }
        let made = NSString(string: String(decoding: utf8(), as: UTF8.self))
        decoded = made
        return made as String
    }

    /// `units` as UTF-8, by hand: the standard library's UTF-16 decoding takes some 150 ms for
    /// a full scrollback, this a few. The units came from whole scalars, so pairs are whole.
    private func utf8() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count)
        units.withUnsafeBufferPointer { units in
            var index = 0
            while index < units.count {
                let unit = UInt32(units[index])
                index += 1
                if unit < 0x80 {
                    bytes.append(UInt8(unit))
                    continue
                }
                var scalar = unit
                if unit & 0xFC00 == 0xD800, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    index += 1
                }
                for byte in (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8 { bytes.append(byte) }
            }
        }
        return bytes
    }
}
