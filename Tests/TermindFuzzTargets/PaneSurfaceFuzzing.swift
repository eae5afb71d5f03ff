import TermindPresentation

/// Bytes from a hostile server through a pane's whole emulator: `VTermSurface` (the parser in
/// front, libvterm 0.1.4 behind it, the callbacks, scrollback), at a size the input picks, with
/// a resize half-way, every cell and scrollback row read back. Under AddressSanitizer this is
/// issue 24's target. A second surface reads the same output with plain text sent through
/// libvterm's text path (`writesPlainTextDirectly` off): both must hold the same cells, cursor
/// and scrollback. Afterwards the pane must still work: a cancel, a reset and `alive` show
/// `alive` on its first row.
enum PaneSurfaceFuzzing {
    static let target = FuzzTarget("pane-surface", "rows, columns, chunk size bytes, then a server's output") { input throws(FuzzFinding) in
        guard input.count >= 2 else { return }
        let rows = 1 + Int(input[0] % 40)
        // One column too: libvterm 0.1.4 crashed on a wide character there (a finding of this
        // target, now `VTermSurface.minimumColumns`).
        let columns = 1 + Int(input[1] % 160)
        let surface = VTermSurface(rows: rows, columns: columns, scrollbackLimit: 50)
        let throughLibvterm = VTermSurface(rows: rows, columns: columns, scrollbackLimit: 50)
        throughLibvterm.writesPlainTextDirectly = false
        let chunks = FuzzInput.chunks(Array(input.dropFirst(2)))
        for (index, chunk) in chunks.enumerated() {
            surface.write(Array(chunk))
            throughLibvterm.write(Array(chunk))
            if index == chunks.count / 2 && input[0] & 0x80 != 0 {
                surface.resize(rows: 1 + Int(input[1] % 30), columns: 1 + Int(input[0] % 100))
                throughLibvterm.resize(rows: 1 + Int(input[1] % 30), columns: 1 + Int(input[0] % 100))
            }
            if index % 8 == 0 {
                _ = surface.takeDamage()
                _ = surface.takeOutput()
            }
            try checkCursor(surface)
        }
        for row in 0..<surface.rows {
            try FuzzFinding.require(
                surface.cells(row: row) == throughLibvterm.cells(row: row),
                "row \(row) reads \(surface.line(row).debugDescription), through libvterm's text path \(throughLibvterm.line(row).debugDescription)")
        }
        try FuzzFinding.require(surface.cursor == throughLibvterm.cursor, "the cursor is at \(surface.cursor), through libvterm's text path \(throughLibvterm.cursor)")
        try FuzzFinding.require(surface.scrollbackCount == throughLibvterm.scrollbackCount, "the scrollback holds \(surface.scrollbackCount) rows, through libvterm's text path \(throughLibvterm.scrollbackCount)")
        for line in 0..<surface.scrollbackCount {
            try FuzzFinding.require(surface.scrollbackLine(line) == throughLibvterm.scrollbackLine(line), "scrollback row \(line) differs from libvterm's text path")
        }
        _ = surface.title
        // Wide enough for the word, which would otherwise wrap.
        surface.resize(rows: surface.rows, columns: max(surface.columns, 5))
        surface.write(Array("\u{18}\u{1b}c\u{1b}[2J\u{1b}[Halive".utf8))
        try FuzzFinding.require(surface.line(0) == "alive", "after a reset the first row reads \(surface.line(0).debugDescription)")
    }

    private static func checkCursor(_ surface: VTermSurface) throws(FuzzFinding) {
        let cursor = surface.cursor
        try FuzzFinding.require(
            (0..<surface.rows).contains(cursor.row) && (0...surface.columns).contains(cursor.column),
            "the cursor is at \(cursor.row),\(cursor.column) on a \(surface.rows)×\(surface.columns) screen")
    }
}
