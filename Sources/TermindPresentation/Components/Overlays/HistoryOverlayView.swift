import Foundation
import TermindDomain

/// Draws the command history overlay over the screen's middle: the query, then one line per
/// command (status, duration, age, Host when searching every Host, directory, the command),
/// the selected one emphasised. Commands and directories came from servers: shown escaped.
/// A namespace of drawing.
enum HistoryOverlayView {
    /// Draws and returns where the cursor goes (the end of the query).
    static func draw(
        _ state: HistoryOverlay, hosts: [Host], now: Date, in area: CellRect, into buffer: inout CellBuffer
    ) -> ScreenCursor {
        let width = min(110, area.columns - 4)
        let toggle = state.paneHost == nil ? [] : ["Tab: \(state.onlyPaneHost ? "every Host" : "this Host only")"]
        let keys = TextWrap.hints(["↑↓ choose", "Enter puts it at the prompt"] + toggle + ["Esc closes"], width: max(1, width - 4))
        let rows = min(22, 3 + max(1, state.results.count) + 1 + keys.count)
        let box = CellBuffer.centered(columns: width, rows: rows, in: area)
        let scope = state.onlyPaneHost ? state.paneHost.map { "on \($0.label.rawValue)" } ?? "on every Host" : "on every Host"
        let inside = buffer.drawBox(
            box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: "Command history \(scope)")
        guard inside.rows > 2, inside.columns > 4 else { return .hidden }
        let queryLine = CellRect(column: inside.column, row: inside.row, columns: inside.columns, rows: 1)
        buffer.fill(queryLine, style: WorkbenchTheme.field)
        let end = buffer.put(" > " + state.query, column: inside.column, row: inside.row, style: WorkbenchTheme.field, clip: queryLine)

        let listRows = max(1, inside.rows - 1 - keys.count)
        let selected = min(state.selection, max(0, state.results.count - 1))
        let first = max(0, min(selected - listRows + 1, state.results.count - listRows))
        if let problem = state.problem {
            buffer.put("  " + problem, column: inside.column, row: inside.row + 1, style: WorkbenchTheme.failure, clip: inside)
        } else if state.results.isEmpty {
            buffer.put("  no command matches", column: inside.column, row: inside.row + 1, style: WorkbenchTheme.dim, clip: inside)
        }
        let labels = Dictionary(hosts.map { ($0.id, $0.label.rawValue) }, uniquingKeysWith: { first, _ in first })
        for (offset, entry) in state.results.dropFirst(first).prefix(listRows).enumerated() {
            let row = inside.row + 1 + offset
            let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
            let isSelected = first + offset == selected
            let style = isSelected ? WorkbenchTheme.selection : WorkbenchTheme.dialog
            buffer.fill(line, style: style)
            let status = entry.exitStatus.map { $0 == 0 ? "✓" : "✗\($0)" } ?? "?"
            var facts = pad(status, 5) + pad(HistoryOverlay.duration(entry.duration), 8)
                + pad(HistoryOverlay.age(of: entry.startedAt, now: now), 5)
            if !state.onlyPaneHost { facts += pad(labels[entry.hostID] ?? "-", 14) }
            facts += pad(TextElision.path(TerminalSafeText(entry.workingDirectory ?? "-").text, to: 22), 22)
            var column = buffer.put(" " + facts, column: inside.column, row: row, style: isSelected ? style : dimmed, clip: line)
            column = buffer.put(TextWrap.truncated(HistoryOverlay.shown(entry.command), to: max(0, line.endColumn - column - 1)),
                                column: column, row: row, style: style, clip: line)
        }
        for (offset, line) in keys.enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.endRow - keys.count + offset, style: dimmed, clip: inside)
        }
        return ScreenCursor(row: inside.row, column: min(end, inside.endColumn - 1))
    }

    /// `text` cut or padded to `width` columns, then a space.
    private static func pad(_ text: String, _ width: Int) -> String {
        let cut = TextWrap.truncated(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - CharacterWidth.columns(of: cut))) + " "
    }

    private static var dimmed: CellStyle {
        var style = WorkbenchTheme.dialog
        style.foreground = .indexed(244)
        return style
    }
}
