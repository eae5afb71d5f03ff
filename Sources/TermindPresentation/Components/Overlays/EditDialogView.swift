import TermindDomain

/// Draws the edit's question or report as a dialog over the panes, like an interaction
/// dialog: the title, the text wrapped, and the two buttons or how to close it. A namespace
/// of drawing.
enum EditDialogView {
    static func draw(_ dialog: EditDialog, in area: CellRect, into buffer: inout CellBuffer) {
        let width = min(100, area.columns - 4)
        var lines: [(String, CellStyle)] = dialog.lines.flatMap { line in
            line.isEmpty ? [("", text)] : TextWrap.lines(line, width: width - 4).map { ($0, text) }
        }
        // The text gives way (its end cut, marked "…") when the screen is too short for the
        // whole dialog: the buttons and the keys always show.
        let textLines = lines.count
        lines.append(("", text))
        var buttonLine = lines.count
        switch dialog.kind {
        case .upload:
            lines.append(("", text))
            lines.append(("", text))
            lines += TextWrap.hints(["←→ choose", "Enter confirms", "u uploads", "k or Esc keeps the local copy"], width: width - 4).map { ($0, dim) }
        case .report:
            lines.append(("Any key closes", dim))
        }
        let overflow = lines.count + 2 - (area.rows - 2)
        if overflow > 0, textLines > overflow {
            lines.replaceSubrange((textLines - overflow - 1)..<textLines, with: [("…", text)])
            buttonLine -= overflow
        }
        let box = CellBuffer.centered(columns: width, rows: lines.count + 2, in: area, margin: 1)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: dialog.title)
        for (index, line) in lines.enumerated() where index < inside.rows {
            let row = inside.row + index
            if dialog.kind == .upload && index == buttonLine {
                var column = inside.column + 1
                for (number, title) in EditDialog.uploadButtons.enumerated() {
                    let style = number == dialog.selectedButton ? WorkbenchTheme.selection : WorkbenchTheme.button
                    column = buffer.put(" \(title) ", column: column, row: row, style: style, clip: inside) + 2
                }
            } else {
                buffer.put(" " + line.0, column: inside.column, row: row, style: line.1, clip: inside)
            }
        }
    }

    private static var text: CellStyle { WorkbenchTheme.dialog }
    private static var dim: CellStyle { CellStyle(foreground: .indexed(246), background: WorkbenchTheme.dialog.background) }
}
