import TermindDomain

/// Draws a Vault form (a box with one line per field, the focused one highlighted, a secret as
/// dots, what the Vault refused, the focused field's help and the keys, wrapped) and the
/// question before a removal. Text from the Vault is drawn terminal-safe: another process may have
/// written it. A namespace of drawing.
enum VaultFormView {
    static let nameWidth = 20

    static func draw(_ form: VaultForm, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        // What the Vault refused (or the focused field's help) and the keys wrap to the box,
        // which grows to hold them.
        let width = min(90, area.columns - 2)
        let textWidth = max(1, width - 4)
        let noteLines: [String]
        if let problem = form.problem {
            noteLines = TextWrap.lines(problem, width: textWidth)
        } else if form.fields.indices.contains(form.focused) {
            noteLines = TextWrap.lines(form.fields[form.focused].help, width: textWidth)
        } else {
            noteLines = []
        }
        let keys = form.isSaving ? ["saving…"] : ["Tab/↑↓ field", "←/→ Space choose", "Enter saves", "Esc cancels"]
        let keyLines = TextWrap.hints(keys, width: textWidth)
        let foot = noteLines.count + keyLines.count
        let box = CellBuffer.centered(columns: width, rows: form.fields.count + 3 + foot, in: area, margin: 1)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: form.title)
        guard inside.rows >= 3, inside.columns > nameWidth + 4 else { return .hidden }
        var cursor = ScreenCursor.hidden
        // Fields scroll when the screen is too short for them all: the focused one stays in sight.
        let fieldRows = max(1, inside.rows - foot - 1)
        let first = max(0, min(form.focused - fieldRows + 1, form.fields.count - fieldRows))
        for (index, field) in form.fields.enumerated().dropFirst(first).prefix(fieldRows) {
            let row = inside.row + index - first
            let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
            let isFocused = index == form.focused
            let name = " " + field.name + String(repeating: " ", count: max(1, nameWidth - field.name.count - 1))
            buffer.put(name, column: line.column, row: row, style: isFocused ? WorkbenchTheme.heading.with(background: WorkbenchTheme.dialog.background) : WorkbenchTheme.dialog, clip: line)
            let valueRect = CellRect(column: line.column + nameWidth, row: row, columns: max(0, line.columns - nameWidth - 1), rows: 1)
            let style = isFocused ? WorkbenchTheme.field : WorkbenchTheme.button
            buffer.fill(valueRect, style: style)
            let shown = text(of: field)
            // The end of a long value stays in sight while it is typed.
            let visible = CharacterWidth.columns(of: shown) < valueRect.columns ? shown : "…" + TextElision.trailing(shown, columns: max(0, valueRect.columns - 2))
            let end = buffer.put(visible, column: valueRect.column, row: row, style: style, clip: valueRect)
            if isFocused {
                if case .choice = field.kind { cursor = .hidden } else { cursor = ScreenCursor(row: row, column: min(end, valueRect.endColumn - 1)) }
            }
        }
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        let noteStyle = form.problem != nil ? WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background) : dim
        for (offset, line) in (noteLines.map { ($0, noteStyle) } + keyLines.map { ($0, dim) }).enumerated() {
            buffer.put(" " + line.0, column: inside.column, row: inside.endRow - foot + offset, style: line.1, clip: inside)
        }
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
        let label = TerminalSafeText(removal.label).text
        let question: String
        if let users = removal.usedBy {
            question = "In use by \(TerminalSafeText(users.joined(separator: ", ")).text): remove it anyway and unbind them?"
        } else {
            question = "Remove \(removal.kindName) '\(label)' from the Vault?"
        }
        // The question, what went wrong and the keys wrap to the box, which grows to hold them.
        let width = min(80, area.columns - 4)
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        var lines = TextWrap.lines(question, width: max(1, width - 4)).map { ($0, WorkbenchTheme.dialog) }
        if let problem = removal.problem {
            lines += TextWrap.lines(problem, width: max(1, width - 4)).map { ($0, WorkbenchTheme.failure.with(background: WorkbenchTheme.dialog.background)) }
        }
        lines.append(("", WorkbenchTheme.dialog))
        lines += TextWrap.hints(removal.isRemoving ? ["removing…"] : ["y removes", "n or Esc keeps it"], width: max(1, width - 4)).map { ($0, dim) }
        let box = CellBuffer.centered(columns: width, rows: lines.count + 2, in: area, margin: 1)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder,
                                    title: "Remove \(removal.kindName) '\(label)'")
        guard inside.rows >= 1 else { return }
        // When the box cannot hold every line, the keys (the last lines) stay.
        let shown = lines.count > inside.rows ? Array(lines.prefix(max(0, inside.rows - 2)) + lines.suffix(2)) : lines
        for (offset, line) in shown.enumerated() where offset < inside.rows {
            buffer.put(" " + line.0, column: inside.column, row: inside.row + offset, style: line.1, clip: inside)
        }
    }
}
