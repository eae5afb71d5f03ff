import TermindApplication
import TermindDomain

/// The lines `termind cp` ends with on stderr: what was copied, how fast, and every partial
/// file left (with how to continue it) or failure.
struct TransferSummary {
    let report: TransferBatchReport

    init(_ report: TransferBatchReport) { self.report = report }

    var text: String {
        let totals = report.totals
        var lines: [String] = []
        if let failure = report.failure { lines.append("termind: \(failure)") }
        var counts = ["\(totals.completed) of \(totals.files) file\(totals.files == 1 ? "" : "s") copied (\(ProgressLine.byteText(Double(totals.bytes))))"]
        if totals.bytesSent < totals.bytes { counts.append("\(ProgressLine.byteText(Double(totals.bytesSent))) sent after resuming") }
        if totals.skipped > 0 { counts.append("\(totals.skipped) skipped") }
        if totals.failed > 0 { counts.append("\(totals.failed) failed") }
        if totals.paused > 0 { counts.append("\(totals.paused) not finished") }
        if totals.linked > 0 { counts.append("\(totals.linked) symlink\(totals.linked == 1 ? "" : "s")") }
        if totals.directoriesCreated > 0 { counts.append("\(totals.directoriesCreated) director\(totals.directoriesCreated == 1 ? "y" : "ies") created") }
        lines.append(counts.joined(separator: ", "))
        if report.interrupted {
            // Ctrl-C or SIGTERM: said as such, never as a failure of the entry it cut short.
            let nothing = totals.completed == 0 && totals.linked == 0 && report.partials.isEmpty
            lines.append(nothing ? "interrupted: the copy was cancelled before anything was copied" : "interrupted: the copy was cancelled")
        }
        let partials = report.partials
        if !partials.isEmpty {
            lines.append("partial files kept (run the same command with --resume to continue them):")
            lines += partials.map { "  \(TerminalSafeText(String(describing: $0)).text)" }
        }
        for notRemoved in report.notRemoved { lines.append("could not remove the partial file \(TerminalSafeText(String(describing: notRemoved)).text); remove it by hand") }
        return lines.joined(separator: "\n") + "\n"
    }
}
