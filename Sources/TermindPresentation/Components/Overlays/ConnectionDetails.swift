import TermindDomain

/// What the SSH library said when a pane's connection was lost or could not be made (`d` in
/// the pane): the full detail, which the pane's one sentence keeps out of sight and the log
/// keeps, in a box over the screen's middle. Any of Esc, Enter, `q` or `d` closes it. It is
/// the server's and the library's text, so it is shown escaped. A plain value.
struct ConnectionDetails: Overlay {
    /// The pane's Host, for the title.
    let hostLabel: String
    let detail: String

    var level: OverlayLevel { .picker }

    func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        switch press.key {
        case .escape, .enter, .character("q"), .character("d"): .close
        default: .handled
        }
    }

    func draw(into buffer: inout CellBuffer, in area: CellRect, context: OverlayContext) -> ScreenCursor? {
        let width = min(76, max(20, area.columns - 4))
        let lines = TextWrap.lines(TerminalSafeText(detail).text, width: width - 4)
        let box = CellBuffer.centered(columns: width, rows: min(area.rows, lines.count + 4), in: area)
        let inside = buffer.drawBox(
            box, style: WorkbenchTheme.dialog, borderStyle: WorkbenchTheme.dialogBorder,
            title: "What the SSH library said about \(TerminalSafeText(hostLabel).text)")
        guard inside.rows >= 1 else { return .hidden }
        for (offset, line) in lines.prefix(max(0, inside.rows - 2)).enumerated() {
            buffer.put(" " + line, column: inside.column, row: inside.row + offset, style: WorkbenchTheme.dialog, clip: inside)
        }
        var dim = WorkbenchTheme.dialog
        dim.foreground = .indexed(244)
        buffer.put(" Esc closes", column: inside.column, row: inside.endRow - 1, style: dim, clip: inside)
        return .hidden
    }
}
