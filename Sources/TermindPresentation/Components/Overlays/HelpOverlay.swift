import TermindDomain

/// Draws the help overlay: every key binding from the keymap in force (`Keymap.helpRows()`),
/// keys on the left and what they do on the right, scrolled from `scroll`. A namespace of
/// drawing.
enum HelpOverlay {
    static func draw(_ rows: [KeymapHelpRow], prefix: String, scroll: Int, in area: CellRect, into buffer: inout CellBuffer) {
        let box = CellBuffer.centered(columns: 100, rows: rows.count + 4, in: area, margin: 1)
        let inside = buffer.drawBox(
            box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder,
            title: "Key bindings (the prefix is \(prefix))")
        guard inside.rows > 1 else { return }
        let keysWidth = min(max(12, rows.map { CharacterWidth.columns(of: $0.keys) }.max() ?? 12), inside.columns / 2)
        let listRows = inside.rows - 1
        let first = min(scroll, max(0, rows.count - listRows))
        for (offset, row) in rows.dropFirst(first).prefix(listRows).enumerated() {
            let line = inside.row + offset
            let keys = TextWrap.truncated(row.keys, to: keysWidth)
            buffer.put(" " + keys, column: inside.column, row: line, style: WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background), clip: inside)
            buffer.put(row.description, column: inside.column + keysWidth + 3, row: line, style: WorkbenchTheme.dialog, clip: inside)
        }
        let more = first + listRows < rows.count ? " · ↓ more" : ""
        buffer.put(" ↑↓ scroll\(more) · any other key closes", column: inside.column, row: inside.endRow - 1, style: WorkbenchTheme.dialog, clip: inside)
    }
}
