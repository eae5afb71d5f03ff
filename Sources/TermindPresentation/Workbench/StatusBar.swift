import TermindDomain

/// The bottom row: the shown Workspace and pane on the left (or a message, a question, the
/// pressed prefix), and on the right the interactions waiting, the transfers running and how to
/// get help. A plain value built for each frame.
struct StatusBar {
    var workspace: String
    var pane: String
    /// Replaces the pane part while set: a message or a question to the person.
    var message: String?
    /// The prefix key's name while the dispatcher waits for the key after it.
    var awaitingPrefix: String?
    var pendingInteractions: Int
    var activeTransfers: Int
    /// "C-\ ?", the keys that open the help overlay.
    var helpKeys: String?

    func draw(into buffer: inout CellBuffer, row: Int) {
        let line = CellRect(column: 0, row: row, columns: buffer.width, rows: 1)
        buffer.fill(line, style: WorkbenchTheme.bar)

        var right = "\(activeTransfers) transfer\(activeTransfers == 1 ? "" : "s")"
        if let helpKeys { right += "  \(helpKeys) help" }
        right += " "
        let rightWidth = CharacterWidth.columns(of: right)
        let rightStart = max(0, buffer.width - rightWidth)
        buffer.put(right, column: rightStart, row: row, style: WorkbenchTheme.bar, clip: line)
        var end = rightStart
        if pendingInteractions > 0 {
            let waiting = " \(pendingInteractions) interaction\(pendingInteractions == 1 ? "" : "s") waiting  "
            end = max(0, rightStart - CharacterWidth.columns(of: waiting))
            buffer.put(waiting, column: end, row: row, style: WorkbenchTheme.barWarning, clip: line)
        }

        let left = CellRect(column: 0, row: row, columns: max(0, end - 1), rows: 1)
        var column = buffer.put(" \(workspace) ", column: 0, row: row, style: WorkbenchTheme.barEmphasis, clip: left)
        if let awaitingPrefix {
            column = buffer.put(" \(awaitingPrefix) … ", column: column, row: row, style: WorkbenchTheme.selectedTab, clip: left)
        }
        if let message {
            buffer.put(" " + TextWrap.truncated(message, to: max(0, left.columns - column - 1)), column: column, row: row, style: WorkbenchTheme.barWarning, clip: left)
        } else {
            buffer.put(" \(pane)", column: column, row: row, style: WorkbenchTheme.bar, clip: left)
        }
    }
}
