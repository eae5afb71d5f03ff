import TermindDomain

/// Draws the forward rule editor (the Host, the rule's field, the syntax of each kind, what
/// was refused, wrapped whole, and the keys) and the question before a rule is removed. Host
/// labels and rules may come from the Vault another process wrote: drawn terminal-safe. Fits
/// 80×24. A namespace of drawing.
enum ForwardEditorView {
    static let nameWidth = 8

    static func draw(_ editor: ForwardEditor, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let width = min(80, area.columns - 4) - 2
        let problem = editor.problem.map { TextWrap.lines($0, width: width - 2) } ?? []
        let box = CellBuffer.centered(columns: 80, rows: 10 + max(1, problem.count), in: area)
        let host = safe(editor.hostLabel)
        let title = editor.editing == nil ? "Add a forward to '\(host)'" : "Change a forward of '\(host)'"
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: title)
        guard inside.rows >= 4, inside.columns > nameWidth + 4 else { return .hidden }
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        let heading = WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background)

        buffer.put(" Host", column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
        let hostText = editor.hosts.count > 1 ? "◂ \(host) ▸  Tab: another Host of this Workspace" : host
        buffer.put(hostText, column: inside.column + nameWidth, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)

        let fieldRow = inside.row + 1
        buffer.put(" Rule", column: inside.column, row: fieldRow, style: heading, clip: inside)
        let field = CellRect(column: inside.column + nameWidth, row: fieldRow, columns: max(0, inside.columns - nameWidth - 1), rows: 1)
        buffer.fill(field, style: WorkbenchTheme.field)
        let typed = safe(editor.text)
        // The end of a long rule stays in sight while it is typed.
        let visible = CharacterWidth.columns(of: typed) < field.columns ? typed : "…" + String(typed.suffix(max(0, field.columns - 2)))
        let end = buffer.put(visible, column: field.column, row: fieldRow, style: WorkbenchTheme.field, clip: field)

        if editor.isRunning {
            buffer.put(" It listens now: saving stops it, and the changed rule starts.", column: inside.column, row: inside.row + 2,
                       style: WorkbenchTheme.barWarning.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
        for (offset, line) in ForwardEditor.syntax.enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.row + 3 + offset, style: dim, clip: inside)
        }
        for (offset, line) in problem.enumerated() where inside.row + 7 + offset < inside.endRow - 1 {
            buffer.put(" " + line, column: inside.column, row: inside.row + 7 + offset,
                       style: WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
        let keys = editor.isSaving ? " saving…" : " Enter saves to the Vault (as hosts edit --forward) · Esc cancels"
        buffer.put(keys, column: inside.column, row: inside.endRow - 1, style: dim, clip: inside)
        return ScreenCursor(row: fieldRow, column: min(end, field.endColumn - 1))
    }

    static func draw(_ removal: ForwardRemoval, in area: CellRect, into buffer: inout CellBuffer) {
        let width = min(80, area.columns - 4) - 2
        let rule = safe(removal.rule.stored), host = safe(removal.hostLabel)
        var lines = TextWrap.lines("Remove the rule '\(rule)' of Host '\(host)' from the Vault?", width: width - 2)
        if removal.isRunning { lines += TextWrap.lines("It listens now: it stops at once.", width: width - 2) }
        let problem = removal.problem.map { TextWrap.lines($0, width: width - 2) } ?? []
        let box = CellBuffer.centered(columns: 80, rows: 4 + lines.count + (problem.isEmpty ? 0 : problem.count + 1), in: area)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: "Remove a forward of '\(host)'")
        guard inside.rows >= 3 else { return }
        for (offset, line) in lines.enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.row + offset, style: WorkbenchTheme.dialog, clip: inside)
        }
        for (offset, line) in problem.enumerated() where inside.row + lines.count + 1 + offset < inside.endRow - 1 {
            buffer.put(" " + line, column: inside.column, row: inside.row + lines.count + 1 + offset,
                       style: WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        buffer.put(removal.isRemoving ? " removing…" : " y removes · n or Esc keeps it", column: inside.column, row: inside.endRow - 1,
                   style: dim, clip: inside)
    }

    private static func safe(_ text: String) -> String { TerminalSafeText(text).text }
}
