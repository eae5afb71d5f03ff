/// The scrollback's mark for a command that failed: the last column of its prompt line, red,
/// with a ✗ where that cell is blank (a long command line keeps its character, on red). The
/// rows keep their text otherwise; nothing is drawn without the shell integration's marks.
@MainActor
enum FailedCommandMark {
    static let colours = (foreground: TerminalColor.indexed(231), background: TerminalColor.indexed(160))
    static let symbol = "✗"

    /// `rows`, the view's rows from line `top`, with the marks of `blocks` that fall in them.
    static func apply(to rows: [[TerminalCell]], top: Int, columns: Int, blocks: CommandBlocks) -> [[TerminalCell]] {
        let lines = blocks.failedPrompts(in: top..<(top + rows.count))
        guard !lines.isEmpty, columns > 0 else { return rows }
        var rows = rows
        for line in lines {
            let index = line - top
            // A scrollback row is trimmed of its trailing blanks: pad it to the mark's column.
            if rows[index].count < columns { rows[index] += Array(repeating: TerminalCell.blank, count: columns - rows[index].count) }
            var column = columns - 1
            if column > 0, rows[index][column].isWideContinuation { column -= 1 }
            if rows[index][column].text == " " { rows[index][column].text = symbol }
            rows[index][column].foreground = colours.foreground
            rows[index][column].background = colours.background
        }
        return rows
    }
}
