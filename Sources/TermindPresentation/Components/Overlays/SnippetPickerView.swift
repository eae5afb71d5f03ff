import TermindDomain

/// Draws the Snippet picker over the screen's middle: the query and the matching Snippets (label,
/// tags, the script's first line); or the variable being asked for with those already given;
/// or the whole script as it will be sent. Scripts are the person's own, still shown escaped.
/// A namespace of drawing.
enum SnippetPickerView {
    /// Draws and returns where the cursor goes.
    static func draw(_ state: SnippetPicker, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let to = state.targets.count == 1 ? "the focused pane" : "\(state.targets.count) panes (broadcast)"
        let box = CellBuffer.centered(columns: 100, rows: 20, in: area)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: "Snippets → \(to)")
        guard inside.rows > 3, inside.columns > 10 else { return .hidden }
        switch state.stage {
        case .choosing: return drawChoosing(state, inside, &buffer)
        case .filling(let index): return drawFilling(state, index, inside, &buffer)
        case .confirming: return drawConfirming(state, to, inside, &buffer)
        }
    }

    private static func drawChoosing(_ state: SnippetPicker, _ inside: CellRect, _ buffer: inout CellBuffer) -> ScreenCursor {
        let end = field(" > " + state.query, row: inside.row, inside, &buffer)
        let matches = state.matches
        let listRows = inside.rows - 2
        let selected = min(state.selection, max(0, matches.count - 1))
        let first = max(0, min(selected - listRows + 1, matches.count - listRows))
        if let problem = state.problem {
            buffer.put("  " + problem, column: inside.column, row: inside.row + 1, style: WorkbenchTheme.failure, clip: inside)
        } else if !state.isLoaded {
            buffer.put("  reading the Vault…", column: inside.column, row: inside.row + 1, style: dimmed, clip: inside)
        } else if matches.isEmpty {
            let none = state.snippets.isEmpty ? "  no Snippets yet: F7 adds one (or termind snippets add NAME)" : "  no Snippet matches"
            buffer.put(none, column: inside.column, row: inside.row + 1, style: dimmed, clip: inside)
        }
        for (offset, snippet) in matches.dropFirst(first).prefix(listRows).enumerated() {
            let row = inside.row + 1 + offset
            let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
            let isSelected = first + offset == selected
            let style = isSelected ? WorkbenchTheme.selection : WorkbenchTheme.dialog
            buffer.fill(line, style: style)
            let tags = snippet.tags.isEmpty ? "" : " [" + snippet.tags.joined(separator: ", ") + "]"
            var column = buffer.put(" " + TerminalSafeText(snippet.label.rawValue + tags).text + "  ", column: inside.column, row: row, style: style, clip: line)
            let firstLine = snippet.script.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            column = buffer.put(TextWrap.truncated(TerminalSafeText(firstLine).text, to: max(0, line.endColumn - column - 1)), column: column, row: row,
                                style: isSelected ? style : dimmed, clip: line)
        }
        hint(" ↑↓ choose · Enter takes it · F7 new · F6 edit · F8 remove · Esc closes", inside, &buffer)
        return ScreenCursor(row: inside.row, column: min(end, inside.endColumn - 1))
    }

    private static func drawFilling(_ state: SnippetPicker, _ index: Int, _ inside: CellRect, _ buffer: inout CellBuffer) -> ScreenCursor {
        let label = state.chosen.map { TerminalSafeText($0.label.rawValue).text } ?? ""
        buffer.put(" \(label): \(index + 1) of \(state.variables.count) values", column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
        var row = inside.row + 2
        for name in state.variables.prefix(index) where row < inside.endRow - 3 {
            buffer.put("   {{\(name)}} = " + TerminalSafeText(state.values[name] ?? "").text, column: inside.column, row: row, style: dimmed, clip: inside)
            row += 1
        }
        let name = state.variables[min(index, state.variables.count - 1)]
        let end = field(" {{\(name)}} = " + state.field, row: inside.endRow - 3, inside, &buffer)
        hint(" Enter keeps the value · Esc closes without sending", inside, &buffer)
        return ScreenCursor(row: inside.endRow - 3, column: min(end, inside.endColumn - 1))
    }

    private static func drawConfirming(_ state: SnippetPicker, _ to: String, _ inside: CellRect, _ buffer: inout CellBuffer) -> ScreenCursor {
        let label = state.chosen.map { TerminalSafeText($0.label.rawValue).text } ?? ""
        buffer.put(" \(label), as it will be sent to \(to):", column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
        let lines = state.rendered.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { TextWrap.lines(TerminalSafeText(String($0)).text, width: max(1, inside.columns - 4)) }
        let room = inside.rows - 4
        for (offset, line) in lines.prefix(room).enumerated() {
            buffer.put("   " + line, column: inside.column, row: inside.row + 2 + offset, style: WorkbenchTheme.field, clip: inside)
        }
        if lines.count > room {
            buffer.put("   … \(lines.count - room + 1) more lines", column: inside.column, row: inside.row + 1 + room, style: dimmed, clip: inside)
        }
        hint(" Enter types it into the pane (as a paste) · Esc cancels", inside, &buffer)
        return .hidden
    }

    @discardableResult
    private static func field(_ text: String, row: Int, _ inside: CellRect, _ buffer: inout CellBuffer) -> Int {
        let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
        buffer.fill(line, style: WorkbenchTheme.field)
        return buffer.put(TerminalSafeText(text).text, column: inside.column, row: row, style: WorkbenchTheme.field, clip: line)
    }

    private static func hint(_ text: String, _ inside: CellRect, _ buffer: inout CellBuffer) {
        buffer.put(text, column: inside.column, row: inside.endRow - 1, style: dimmed, clip: inside)
    }

    private static var dimmed: CellStyle {
        var style = WorkbenchTheme.dialog
        style.foreground = .indexed(244)
        return style
    }
}
