import TermindDomain

/// Draws the Import screen over the screen's middle: a line on encrypted keys, the checklist by
/// section (scrolled to keep the cursor in sight), what the row under the cursor should say,
/// a refusal when there is one, and the keys. A namespace of drawing.
enum ImportScreenView {
    /// One line of the list: a section's heading, a row (by its place in `rows`), or a blank.
    private enum Line {
        case heading(ImportScreen.Section, new: Int, total: Int)
        case row(Int)
        case none(String)
    }

    static let encryptedNote =
        "Encrypted keys are stored still encrypted: their passphrase is asked when the key is used."

    static func draw(_ screen: ImportScreen, in area: CellRect, into buffer: inout CellBuffer) {
        let wanted: Int
        switch screen.phase {
        case .choosing: wanted = listLines(screen).lines.count + 10  // room for the notes and keys wrapped
        case .done(let lines): wanted = lines.count + 4
        case .failed(let text): wanted = TextWrap.lines(text, width: 116).count + 5
        case .loading, .committing: wanted = 5
        }
        let box = CellBuffer.centered(columns: 120, rows: max(wanted, 12), in: area, margin: 1)
        let folder = screen.preview?.folder ?? "~/.ssh"
        let inside = buffer.drawBox(
            box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: "Import from \(folder)")
        guard inside.rows > 4, inside.columns > 10 else { return }
        func put(_ text: String, row: Int, style: CellStyle = WorkbenchTheme.dialog) {
            buffer.put(" " + text, column: inside.column, row: row, style: style, clip: inside)
        }
        switch screen.phase {
        case .loading:
            put("reading \(folder)…", row: inside.row)
            put("Esc closes", row: inside.endRow - 1, style: dimmed)
        case .failed(let text):
            put("the folder could not be read:", row: inside.row, style: failure)
            for (offset, line) in TextWrap.lines(text, width: inside.columns - 2).prefix(inside.rows - 2).enumerated() {
                put(line, row: inside.row + 1 + offset)
            }
            put("any key closes", row: inside.endRow - 1, style: dimmed)
        case .committing:
            put("writing the checked items to the Vault…", row: inside.row)
        case .done(let lines):
            for (offset, line) in lines.prefix(inside.rows - 1).enumerated() {
                put(line, row: inside.row + offset, style: offset == 0 ? heading : WorkbenchTheme.dialog)
            }
            put("The Navigator lists the new Hosts · any key closes", row: inside.endRow - 1, style: dimmed)
        case .choosing:
            drawChecklist(screen, inside: inside, into: &buffer)
        }
    }

    private static func drawChecklist(_ screen: ImportScreen, inside: CellRect, into buffer: inout CellBuffer) {
        func put(_ text: String, row: Int, style: CellStyle = WorkbenchTheme.dialog) {
            buffer.put(" " + text, column: inside.column, row: row, style: style, clip: inside)
        }
        // The notes on top and the cursor row's detail, the refusal and the keys at the foot,
        // each wrapped to the box; the list gets the rows between.
        let width = max(1, inside.columns - 2)
        var header = TextWrap.lines(encryptedNote, width: width)
        if let skipped = screen.preview?.skipped.count, skipped > 0 {
            header += TextWrap.lines(
                "\(skipped) file\(skipped == 1 ? "" : "s") or line\(skipped == 1 ? "" : "s") not imported "
                    + "(public keys, authorized_keys, config lines...): 'termind import --dry-run' says why", width: width)
        }
        var foot: [(String, CellStyle)] = []
        if let row = screen.currentRow {
            var about = "\(row.section.singular) '\(row.name)': \(row.detail)"
            if let reason = row.status.reason { about += " — \(reason)" }
            if !row.notes.isEmpty { about += " — " + row.notes.joined(separator: "; ") }
            foot += TextWrap.lines(about, width: width).prefix(3).map { ($0, dimmed) }
        }
        if let problem = screen.problem { foot += TextWrap.lines(problem, width: width).map { ($0, failure) } }
        let count = screen.selection.all ? "every new item" : "\(screen.rows.filter(screen.isChecked).count) checked"
        let keys = ["↑↓ move", "Space checks", "a all/none", "Enter imports the checked items (\(count))", "Esc closes, writing nothing"]
        foot += TextWrap.hints(keys, width: width).map { ($0, dimmed) }
        for (offset, line) in header.enumerated() where offset < inside.rows { put(line, row: inside.row + offset, style: dimmed) }
        for (offset, line) in foot.enumerated() { put(line.0, row: inside.endRow - foot.count + offset, style: line.1) }
        let (lines, cursorLine) = listLines(screen)
        let listTop = inside.row + header.count + 1
        let listRows = max(1, inside.endRow - foot.count - 1 - listTop)
        let first = max(0, min(cursorLine - listRows + 2, lines.count - listRows))
        let nameWidth = min(32, max(8, screen.rows.map { CharacterWidth.columns(of: $0.name) }.max() ?? 8))
        for (offset, line) in lines.dropFirst(first).prefix(listRows).enumerated() {
            let row = listTop + offset
            switch line {
            case .heading(let section, let new, let total):
                put(TextWrap.truncated("\(section.title) — \(new) new of \(total)" + (section == .knownHosts && new > 0 ? " (imported together: every new record, or none)" : ""), to: width), row: row, style: heading)
            case .none(let text):
                put("  " + text, row: row, style: dimmed)
            case .row(let index):
                let item = screen.rows[index]
                let isCursor = index == screen.cursor
                let style = isCursor ? WorkbenchTheme.selection : WorkbenchTheme.dialog
                let rect = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
                if isCursor { buffer.fill(rect, style: style) }
                let mark = screen.isChecked(item) ? "[x]" : "[ ]"
                let name = TextWrap.truncated(item.name, to: nameWidth)
                let padded = name + String(repeating: " ", count: max(0, nameWidth - CharacterWidth.columns(of: name)))
                let status: String
                switch item.status {
                case .new, .existing: status = item.status.name
                case .conflict(let reason), .cannotImport(let reason): status = "\(item.status.name): \(reason)"
                }
                var column = buffer.put("  \(mark) \(padded)  ", column: inside.column, row: row, style: style, clip: rect)
                // Cut with "…" at the box's edge; the foot says the cursor row whole.
                column = buffer.put(TextWrap.truncated(status, to: max(0, rect.endColumn - column - 1)), column: column, row: row,
                                    style: isCursor ? style : statusStyle(item.status), clip: rect)
                let room = rect.endColumn - column - 3
                if room > 3 {
                    buffer.put("  " + TextWrap.truncated(item.detail, to: room), column: column, row: row, style: isCursor ? style : dimmed, clip: rect)
                }
            }
        }
    }

    /// The checklist's lines by section, and which one the cursor is on.
    private static func listLines(_ screen: ImportScreen) -> (lines: [Line], cursorLine: Int) {
        var lines: [Line] = []
        var cursorLine = 0
        for section in ImportScreen.Section.allCases {
            let members = screen.rows.indices.filter { screen.rows[$0].section == section }
            lines.append(.heading(section, new: members.filter { screen.rows[$0].status.isNew }.count, total: members.count))
            if members.isEmpty { lines.append(.none("none found")) }
            for member in members {
                if member == screen.cursor { cursorLine = lines.count }
                lines.append(.row(member))
            }
        }
        return (lines, cursorLine)
    }

    private static func statusStyle(_ status: ImportStatus) -> CellStyle {
        var style = WorkbenchTheme.dialog
        switch status {
        case .new: style.foreground = .indexed(114)
        case .existing: style.foreground = .indexed(244)
        case .conflict, .cannotImport: style.foreground = .indexed(214)
        }
        return style
    }

    private static var heading: CellStyle { WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background) }

    private static var failure: CellStyle { WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background) }

    private static var dimmed: CellStyle {
        var style = WorkbenchTheme.dialog
        style.foreground = .indexed(244)
        return style
    }
}
