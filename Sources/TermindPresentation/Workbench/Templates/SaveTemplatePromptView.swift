import TermindDomain

/// Draws the save-Template prompt: a box over the screen's middle with the name field, what
/// was refused, and the keys. A namespace of drawing.
enum SaveTemplatePromptView {
    static func draw(_ prompt: SaveTemplatePrompt, panes: Int, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let box = CellBuffer.centered(columns: 70, rows: 7, in: area)
        let inside = buffer.drawBox(
            box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder,
            title: "Save this Workspace as a Template (\(panes) pane\(panes == 1 ? "" : "s"))")
        guard inside.rows >= 3, inside.columns > 4 else { return .hidden }
        let field = CellRect(column: inside.column, row: inside.row, columns: inside.columns, rows: 1)
        buffer.fill(field, style: WorkbenchTheme.field)
        let end = buffer.put(" Name: " + TerminalSafeText(prompt.name).text, column: inside.column, row: inside.row, style: WorkbenchTheme.field, clip: field)
        if let problem = prompt.problem {
            buffer.put(" " + problem, column: inside.column, row: inside.row + 1, style: WorkbenchTheme.failure, clip: inside)
        }
        let keys = prompt.isSaving ? " saving…" : " Enter saves (each pane's kind and Host, every divider) · Esc cancels"
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        buffer.put(keys, column: inside.column, row: inside.endRow - 1, style: dim, clip: inside)
        return ScreenCursor(row: inside.row, column: min(end, inside.endColumn - 1))
    }
}
