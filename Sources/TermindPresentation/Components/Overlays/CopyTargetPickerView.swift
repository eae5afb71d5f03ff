import TermindDomain

/// Draws the copy picker over the screen's middle: what is copied from where, one line per
/// browser it can go into (pane number, Host and directory), the chosen one highlighted, and
/// the keys. Paths come from servers, so they are shown made safe. A namespace of drawing.
enum CopyTargetPickerView {
    static func draw(_ picker: CopyTargetPicker, in area: CellRect, into buffer: inout CellBuffer) -> ScreenCursor {
        let box = CellBuffer.centered(columns: 76, rows: picker.targets.count + 7, in: area)
        let inside = buffer.drawBox(box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder, title: "Copy to which browser?")
        guard inside.rows >= 3, inside.columns > 10 else { return .hidden }
        let from = "\(picker.copy.what) from "
        let what = " " + TextWrap.truncated(
            from + TextElision.path(TerminalSafeText(picker.source).text, to: max(12, inside.columns - 2 - CharacterWidth.columns(of: from))),
            to: inside.columns - 2)
        buffer.put(what, column: inside.column, row: inside.row, style: WorkbenchTheme.dialog, clip: inside)
        let listRows = max(1, inside.rows - 4)
        let first = max(0, min(picker.selection - listRows + 1, picker.targets.count - listRows))
        for (offset, target) in picker.targets.enumerated().dropFirst(first).prefix(listRows) {
            let row = inside.row + 2 + offset - first
            let line = CellRect(column: inside.column, row: row, columns: inside.columns, rows: 1)
            let style = offset == picker.selection ? WorkbenchTheme.selection : WorkbenchTheme.dialog
            buffer.fill(line, style: style)
            buffer.put(" " + Self.line(target, width: inside.columns - 1), column: inside.column, row: row, style: style, clip: line)
        }
        let keys = TextWrap.hints(["↑↓ or the pane's number choose", "Enter copies there", "Esc copies nothing"], width: max(1, inside.columns - 2))
        for (offset, line) in keys.enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.endRow - keys.count + offset,
                       style: WorkbenchTheme.dim.with(background: WorkbenchTheme.dialog.background), clip: inside)
        }
        return .hidden
    }

    /// `pane 3  srv2:/home/me/in`, the place elided in its middle when long (`srv2:/home/…/in`).
    static func line(_ target: CopyTargetPicker.Target, width: Int) -> String {
        let number = "pane \(target.number)  "
        let room = width - CharacterWidth.columns(of: number)
        return TextWrap.truncated(number + TextElision.path(TerminalSafeText(target.place).text, to: max(1, room)), to: width)
    }
}
