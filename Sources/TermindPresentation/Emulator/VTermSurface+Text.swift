import CVTerm

extension VTermSurface {
    /// Screen row `row`'s text, without its trailing empty cells, appended to `units` as UTF-16
    /// the way find reads it (`PaneText`): an empty cell inside the row reads as a space, a wide
    /// character is there once. Read in place from libvterm's cells, never as `TerminalCell`s, so
    /// a whole screen costs microseconds.
    ///
    /// Returns the cell each appended unit belongs to, or nil when they are one unit a cell (the
    /// row holds no wide character and nothing outside ASCII).
    func appendText(ofScreenRow row: Int, to units: inout [UInt16]) -> [Int32]? {
        let cells = UnsafeBufferPointer(start: screen.cells.row(row), count: columns)
        var end = cells.count
        while end > 0, cells[end - 1].chars.0 == 0 { end -= 1 }
        var map: [Int32]?
        for index in 0..<end {
            let cell = cells[index]
            let first = cell.chars.0
            if first == TerminalScreen.continuation {
                if map == nil { map = (0..<Int32(index)).map { $0 } }
                continue
            }
            if first < 0x80, cell.chars.1 == 0 {
                units.append(first == 0 ? 0x20 : UInt16(first))
                map?.append(Int32(index))
                continue
            }
            if map == nil { map = (0..<Int32(index)).map { $0 } }
            withUnsafeBytes(of: cell.chars) { raw in
                for value in raw.bindMemory(to: UInt32.self) {
                    if value == 0 { break }
                    for unit in (Unicode.Scalar(value) ?? "\u{FFFD}").utf16 {
                        units.append(unit)
                        map!.append(Int32(index))
                    }
                }
            }
        }
        return map
    }
}
