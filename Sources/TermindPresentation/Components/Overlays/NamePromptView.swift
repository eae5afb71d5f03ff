import TermindDomain

/// Draws a name prompt: a box over the screen's middle with the field, what was refused, and
/// the keys. A namespace of drawing.
enum NamePromptView {
    static func draw(_ prompt: NamePrompt, panes: Int, tags: [String], in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let title: String, label: String, keys: String
        switch prompt.purpose {
        case .saveTemplate:
            title = "Save this Workspace as a Template (\(panes) pane\(panes == 1 ? "" : "s"))"
            label = " Name: "
            keys = prompt.isSaving ? " saving…" : " Enter saves (each pane's kind and Host, every divider) · Esc cancels"
        case .broadcastTag:
            title = "Broadcast to the panes of a tag"
            label = " Tag: "
            keys = " Enter broadcasts to its connected panes · Esc cancels"
        case .renameRecent:
            title = "Rename the Recent Workspace"
            label = " Name: "
            keys = " Enter renames · Esc cancels"
        }
        let box = CellBuffer.centered(columns: 70, rows: 7, in: area)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: title)
        guard inside.rows >= 3, inside.columns > 4 else { return .hidden }
        let field = CellRect(column: inside.column, row: inside.row, columns: inside.columns, rows: 1)
        buffer.fill(field, style: WorkbenchTheme.field)
        var end = buffer.put(label, column: inside.column, row: inside.row, style: WorkbenchTheme.field, clip: field)
        // A selected prefill shows selected: typing replaces it.
        let nameStyle = prompt.isPrefillSelected ? WorkbenchTheme.selection : WorkbenchTheme.field
        end = buffer.put(TerminalSafeText(prompt.name).text, column: end, row: inside.row, style: nameStyle, clip: field)
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        if let problem = prompt.problem {
            buffer.put(" " + problem, column: inside.column, row: inside.row + 1, style: WorkbenchTheme.failure, clip: inside)
        } else if prompt.purpose == .broadcastTag, !tags.isEmpty {
            buffer.put(" tags: " + TerminalSafeText(tags.joined(separator: ", ")).text, column: inside.column, row: inside.row + 1, style: dim, clip: inside)
        }
        buffer.put(keys, column: inside.column, row: inside.endRow - 1, style: dim, clip: inside)
        return ScreenCursor(row: inside.row, column: min(end, inside.endColumn - 1))
    }
}
