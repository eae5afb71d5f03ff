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
    /// Transfers waiting for the person to resume them (interrupted, paused).
    var resumableTransfers: Int = 0
    /// "C-\ ?", the keys that open the help overlay.
    var helpKeys: String?
    /// The focused pane's Host's metrics ("cpu 12% mem 45% load 0.52"); the first thing a narrow
    /// bar gives up.
    var metrics: String? = nil

    /// The left part keeps at least this many columns for the pane (or the message) before the
    /// right part gives up its longer forms.
    static let leftReserve = 16

    /// Draws the bar. On a narrow terminal the right part shortens first (the help keys go,
    /// then the words), then the pane text is cut with an ellipsis; nothing is cut mid-word.
    func draw(into buffer: inout CellBuffer, row: Int) {
        let line = CellRect(column: 0, row: row, columns: buffer.width, rows: 1)
        buffer.fill(line, style: WorkbenchTheme.bar)

        let workspaceLabel = " \(workspace) "
        let prefixLabel = awaitingPrefix.map { " \($0) … " } ?? ""
        // A message or question keeps its room whole (its answer keys are at its end): the
        // right part shortens for it.
        let reserve = message.map { max(Self.leftReserve, CharacterWidth.columns(of: $0) + 2) } ?? Self.leftReserve
        let leftNeeds = CharacterWidth.columns(of: workspaceLabel + prefixLabel) + reserve
        let (waiting, right) = rightParts(fitting: max(0, buffer.width - leftNeeds))

        let rightWidth = CharacterWidth.columns(of: right)
        let rightStart = max(0, buffer.width - rightWidth)
        buffer.put(right, column: rightStart, row: row, style: WorkbenchTheme.bar, clip: line)
        var end = rightStart
        if !waiting.isEmpty {
            end = max(0, rightStart - CharacterWidth.columns(of: waiting))
            buffer.put(waiting, column: end, row: row, style: WorkbenchTheme.barWarning, clip: line)
        }

        let left = CellRect(column: 0, row: row, columns: max(0, right.isEmpty && waiting.isEmpty ? end : end - 1), rows: 1)
        var column = buffer.put(TextWrap.truncated(workspaceLabel, to: left.columns), column: 0, row: row, style: WorkbenchTheme.barEmphasis, clip: left)
        if !prefixLabel.isEmpty {
            column = buffer.put(prefixLabel, column: column, row: row, style: WorkbenchTheme.selectedTab, clip: left)
        }
        let room = max(0, left.columns - column - 1)
        if let message {
            buffer.put(" " + TextWrap.truncated(message, to: room), column: column, row: row, style: WorkbenchTheme.barWarning, clip: left)
        } else if room > 0 {
            buffer.put(" " + TextWrap.truncated(pane, to: room), column: column, row: row, style: WorkbenchTheme.bar, clip: left)
        }
    }

    /// "2 transfers", "2 transfers, 1 waiting", "1 transfer waiting" (only ones that wait for
    /// the person to resume them), "0 transfers".
    var transfersText: String {
        func count(_ number: Int) -> String { "\(number) transfer\(number == 1 ? "" : "s")" }
        guard resumableTransfers > 0 else { return count(activeTransfers) }
        return activeTransfers > 0 ? count(activeTransfers) + ", \(resumableTransfers) waiting" : count(resumableTransfers) + " waiting"
    }

    /// The waiting interactions and the transfers-and-help part, in their longest forms that
    /// fit in `width` columns together (the waiting count is kept longest).
    private func rightParts(fitting width: Int) -> (waiting: String, right: String) {
        let transfers = transfersText
        var rights = [transfers + (helpKeys.map { "  \($0) help" } ?? "") + " ", transfers + " ", "\(activeTransfers + resumableTransfers)⇅ "]
        if let metrics { rights.insert(contentsOf: rights.prefix(2).map { metrics + "  " + $0 }, at: 0) }
        if activeTransfers == 0, resumableTransfers == 0 { rights.append("") }
        var waitings = [""]
        if pendingInteractions > 0 {
            let count = pendingInteractions
            waitings = [" \(count) interaction\(count == 1 ? "" : "s") waiting  ", " \(count) waiting ", " \(count)! "]
        }
        for waiting in waitings {
            for right in rights where CharacterWidth.columns(of: waiting + right) <= width {
                return (waiting, right)
            }
        }
        return (waitings.last!, rights.last!)
    }
}
