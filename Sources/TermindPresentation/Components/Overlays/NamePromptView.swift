import TermindDomain

/// Draws a name prompt: a box over the screen's middle with the field (the name it opened with
/// shown selected until the first key), what was refused, and the keys, wrapped to the box
/// (which grows to hold them). A namespace of drawing.
enum NamePromptView {
    static func draw(_ prompt: NamePrompt, panes: Int, tags: [String], in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let title: String, label: String, keys: [String]
        switch prompt.purpose {
        case .saveTemplate:
            title = "Save this Workspace as a Template (\(panes) pane\(panes == 1 ? "" : "s"))"
            label = " Name: "
            keys = prompt.isSaving ? ["saving…"] : ["Enter saves (each pane's kind and Host, every divider)", "Esc cancels"]
        case .broadcastTag:
            title = "Broadcast to the panes of a tag"
            label = " Tag: "
            keys = ["Enter broadcasts to its connected panes", "Esc cancels"]
        case .renameRecent:
            title = "Rename the Recent Workspace"
            label = " Name: "
            keys = ["Enter renames", "Esc cancels"]
        case .renameWorkspace(_, let automatic):
            title = "Rename this Workspace"
            label = " Name: "
            keys = ["Enter renames", "empty: back to \(automatic.isEmpty ? "no name" : TerminalSafeText(automatic).text)", "Esc cancels"]
        case .renamePane(_, let automatic):
            title = "Rename this pane"
            label = " Name: "
            keys = ["Enter renames", "empty: back to \(automatic.map { TerminalSafeText($0).text } ?? "no name")", "Esc cancels"]
        }
        // What was refused and the keys wrap to the box, which grows to hold them.
        let width = min(70, area.columns - 4)
        var note: [String] = []
        if let problem = prompt.problem {
            note = TextWrap.lines(problem, width: max(1, width - 4))
        } else if prompt.purpose == .broadcastTag, !tags.isEmpty {
            note = TextWrap.lines("tags: " + TerminalSafeText(tags.joined(separator: ", ")).text, width: max(1, width - 4))
        }
        let keyLines = TextWrap.hints(keys, width: max(1, width - 4))
        let box = CellBuffer.centered(columns: width, rows: 2 + 1 + max(1, note.count) + 1 + keyLines.count, in: area, margin: 1)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: title)
        guard inside.rows >= 3, inside.columns > 4 else { return .hidden }
        let field = CellRect(column: inside.column, row: inside.row, columns: inside.columns, rows: 1)
        buffer.fill(field, style: WorkbenchTheme.field)
        let start = buffer.put(label, column: inside.column, row: inside.row, style: WorkbenchTheme.field, clip: field)
        let nameStyle = prompt.isNameSelected ? WorkbenchTheme.selection : WorkbenchTheme.field
        let end = buffer.put(TerminalSafeText(prompt.name).text, column: start, row: inside.row, style: nameStyle, clip: field)
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        let noteStyle = prompt.problem != nil ? WorkbenchTheme.failure : dim
        for (offset, line) in note.enumerated() where inside.row + 1 + offset < inside.endRow - keyLines.count {
            buffer.put(" " + line, column: inside.column, row: inside.row + 1 + offset, style: noteStyle, clip: inside)
        }
        for (offset, line) in keyLines.enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.endRow - keyLines.count + offset, style: dim, clip: inside)
        }
        return ScreenCursor(row: inside.row, column: min(end, inside.endColumn - 1))
    }
}
