import TermindDomain

/// Draws a Vault form (a box with one line per field, the focused one highlighted, a secret as
/// dots, what the Vault refused, the focused field's help and the keys) and the question
/// before a removal. Text from the Vault is drawn terminal-safe: another process may have
/// written it. A namespace of drawing.
enum VaultFormView {
    static let nameWidth = 20

    static func draw(_ form: VaultForm, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let box = CellBuffer.centered(columns: 90, rows: form.fields.count + 5, in: area)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: form.title)
        guard inside.rows >= 3, inside.columns > nameWidth + 4 else { return .hidden }
        var cursor = ScreenCursor.hidden
        for (index, field) in form.fields.enumerated() where index < inside.rows - 2 {
            let row = inside.row + index
            let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
            let isFocused = index == form.focused
            let name = " " + field.name + String(repeating: " ", count: max(1, nameWidth - field.name.count - 1))
            buffer.put(name, column: line.column, row: row, style: isFocused ? WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background) : WorkbenchTheme.dialog, clip: line)
            let valueRect = CellRect(column: line.column + nameWidth, row: row, columns: max(0, line.columns - nameWidth - 1), rows: 1)
            let style = isFocused ? WorkbenchTheme.field : WorkbenchTheme.button
            buffer.fill(valueRect, style: style)
            let shown = text(of: field)
            // The end of a long value stays in sight while it is typed.
            let visible = CharacterWidth.columns(of: shown) < valueRect.columns ? shown : "…" + String(shown.suffix(max(0, valueRect.columns - 2)))
            let end = buffer.put(visible, column: valueRect.column, row: row, style: style, clip: valueRect)
            if isFocused {
                if case .choice = field.kind { cursor = .hidden } else { cursor = ScreenCursor(row: row, column: min(end, valueRect.endColumn - 1)) }
            }
        }
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        let noteRow = inside.endRow - 2
        if let problem = form.problem {
            buffer.put(" " + TextWrap.truncated(problem, to: inside.columns - 2), column: inside.column, row: noteRow,
                       style: WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background), clip: inside)
        } else if form.fields.indices.contains(form.focused) {
            buffer.put(" " + form.fields[form.focused].help, column: inside.column, row: noteRow, style: dim, clip: inside)
        }
        let keys = form.isSaving ? " saving…" : " Tab/↑↓ field · ←/→ Space choose · Enter saves · Esc cancels"
        buffer.put(keys, column: inside.column, row: inside.endRow - 1, style: dim, clip: inside)
        return cursor
    }

    /// What a field shows: a secret as one dot per character, a choice between arrows.
    static func text(of field: VaultForm.Field) -> String {
        switch field.kind {
        case .secret: String(repeating: "•", count: field.text.count)
        case .choice: "◂ " + TerminalSafeText(field.text).text + " ▸"
        case .text: TerminalSafeText(field.text).text
        }
    }

    static func draw(_ removal: VaultRemoval, in area: CellRect, into buffer: inout CellBuffer) {
        let box = CellBuffer.centered(columns: 80, rows: 7, in: area)
        let label = TerminalSafeText(removal.label).text
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder,
                                    title: "Remove \(removal.kindName) '\(label)'")
        guard inside.rows >= 3 else { return }
        let question: String
        if let users = removal.usedBy {
            question = " In use by \(TerminalSafeText(users.joined(separator: ", ")).text): remove it anyway and unbind them?"
        } else {
            question = " Remove \(removal.kindName) '\(label)' from the Vault?"
        }
        buffer.put(TextWrap.truncated(question, to: inside.columns), column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
        if let problem = removal.problem {
            buffer.put(" " + TextWrap.truncated(problem, to: inside.columns - 2), column: inside.column, row: inside.row + 1,
                       style: WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        buffer.put(removal.isRemoving ? " removing…" : " y removes · n or Esc keeps it", column: inside.column, row: inside.endRow - 1, style: dim, clip: inside)
    }
}
