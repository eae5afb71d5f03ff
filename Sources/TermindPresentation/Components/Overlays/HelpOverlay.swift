import TermindDomain

/// Draws the help overlay: every key binding from the keymap in force (`Keymap.helpRows()`),
/// keys on the left and what they do on the right, each wrapped to its column (a long list
/// of keys breaks between keys, a description between words), scrolled from the row
/// `scroll`. A namespace of drawing.
enum HelpOverlay {
    static func draw(_ rows: [KeymapHelpRow], prefix: String, scroll: Int, in area: CellRect, into buffer: inout CellBuffer) {
        let width = min(100, area.columns - 2)
        let keysWidth = min(max(12, rows.map { CharacterWidth.columns(of: $0.keys) }.max() ?? 12), (width - 2) / 3)
        let descriptionWidth = max(1, width - 2 - keysWidth - 4)  // a blank before the border
        // Each row's lines: its keys and its description side by side.
        let blocks: [[(keys: String, description: String)]] = rows.map { row in
            let keys = Self.keyLines(row.keys, width: keysWidth)
            let description = TextWrap.lines(row.description, width: descriptionWidth)
            return (0..<max(keys.count, description.count)).map { index in
                (index < keys.count ? keys[index] : "", index < description.count ? description[index] : "")
            }
        }
        let box = CellBuffer.centered(columns: width, rows: blocks.map(\.count).reduce(0, +) + 4, in: area, margin: 1)
        let inside = buffer.drawBox(
            box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder,
            title: "Key bindings (the prefix is \(prefix))")
        guard inside.rows > 1 else { return }
        let listRows = inside.rows - 1
        // The first row shown: `scroll`, but never so far that the box has room left at the end.
        var lastFirst = blocks.count, used = 0
        while lastFirst > 0, used + blocks[lastFirst - 1].count <= listRows {
            lastFirst -= 1
            used += blocks[lastFirst].count
        }
        let first = min(scroll, lastFirst)
        var line = inside.row
        var shownAll = true
        for block in blocks.dropFirst(first) {
            guard line + block.count <= inside.row + listRows else {
                shownAll = false
                break
            }
            for (keys, description) in block {
                buffer.put(" " + keys, column: inside.column, row: line, style: WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background), clip: inside)
                buffer.put(description, column: inside.column + keysWidth + 3, row: line, style: WorkbenchTheme.dialog, clip: inside)
                line += 1
            }
        }
        let hints = ["↑↓ scroll"] + (shownAll ? [] : ["↓ more"]) + ["any other key closes"]
        buffer.put(" " + (TextWrap.hints(hints, width: inside.columns - 2).first ?? ""), column: inside.column, row: inside.endRow - 1,
                   style: WorkbenchTheme.dialog, clip: inside)
    }

    /// `C-\ r, F5` in lines of `width` columns, broken after a comma (a key is never split
    /// unless it alone is wider than the column).
    static func keyLines(_ keys: String, width: Int) -> [String] {
        let parts = keys.components(separatedBy: ", ")
        var lines: [String] = []
        var line = ""
        for (index, part) in parts.enumerated() {
            let piece = part + (index < parts.count - 1 ? "," : "")
            let joined = line.isEmpty ? piece : line + " " + piece
            if CharacterWidth.columns(of: joined) <= width {
                line = joined
            } else {
                if !line.isEmpty { lines.append(line) }
                var pieces = TextWrap.lines(piece, width: width)
                line = pieces.removeLast()
                lines += pieces
            }
        }
        lines.append(line)
        return lines
    }
}
