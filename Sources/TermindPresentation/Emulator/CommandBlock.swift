/// One command as the shell integration's marks placed it in a pane's text: the line its prompt
/// started on (OSC 133 A), where its output started (C) and ended (D), and its exit status.
/// Positions are line numbers (`VTermSurface.lineNumbers`), so a block names the same rows
/// while they scroll. A plain value.
package struct CommandBlock: Equatable, Sendable {
    package var promptLine: Int
    /// Where the cursor was when the command started: its output's first cell.
    package var outputStart: TextPosition?
    /// Where the cursor was when the command ended: just past its output.
    package var outputEnd: TextPosition?
    package var exitStatus: Int32?

    package var isFinished: Bool { outputEnd != nil }
    /// True when the command ended with a status other than 0 (a signal counts too).
    package var hasFailed: Bool { exitStatus.map { $0 != 0 } ?? false }

    /// The whole lines the finished command's output fills; nil when it wrote nothing. An
    /// output that ended mid-line (no final newline) keeps that line.
    package var outputLines: ClosedRange<Int>? {
        guard let start = outputStart, let end = outputEnd else { return nil }
        let last = end.column > 0 ? end.line : end.line - 1
        return last >= start.line ? start.line...last : nil
    }
}
