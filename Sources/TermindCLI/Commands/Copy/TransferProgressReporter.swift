import Foundation
import Synchronization
import TermindApplication
import TermindDomain

/// Shows a `termind cp` as it runs, on stderr: on a terminal one progress line redrawn in
/// place (at most ten times a second) and a line per finished file, as `scp` does; with
/// `--json` one JSON object per line (`event`, `file`, `bytesDone`, `total`, `rate`, ...);
/// otherwise only restarts and failures. Events come from the engine's actor: recording one
/// takes a lock and writes at most a line.
final class TransferProgressReporter: Sendable {
    private struct Running {
        /// The destination's last component, for the terminal's progress line.
        var name: String
        /// The destination in full, as `--json` names a file in every event.
        var file: String
        var progress: TransferProgress
        var lastJSON: ContinuousClock.Instant
    }

    private struct State {
        var running: [TransferID: Running] = [:]
        /// The file the progress line shows: the one that moved last.
        var shown: TransferID?
        var lastDraw = ContinuousClock.now - .seconds(1)
        var lineDrawn = false
    }

    private let context: CommandContext
    private let json: Bool
    private let terminal: Bool
    private let state = Mutex(State())
    /// The time its rate limits count in.
    private let clock: ClockReader

    init(context: CommandContext, json: Bool, terminal: Bool, clock: any Clock<Duration> = ContinuousClock()) {
        self.context = context
        self.json = json
        self.terminal = terminal
        self.clock = ClockReader(clock)
    }

    func record(_ event: TransferEvent) {
        state.withLock { state in
            switch event {
            case .planned(_, let files, let bytes):
                emit(["event": "planned", "files": files, "bytes": bytes])
            case .started(let id, let start):
                let name = RemotePath.name(of: start.destination.path)
                let progress = TransferProgress(bytesDone: start.resumingFrom, totalBytes: start.totalBytes, bytesSent: 0, elapsed: .zero)
                state.running[id] = Running(name: name, file: start.destination.description, progress: progress, lastJSON: clock.now)
                state.shown = id
                emit(["event": "started", "file": start.destination.description, "source": start.source.description,
                      "total": start.totalBytes, "resumingFrom": start.resumingFrom])
                if start.resumingFrom > 0 && !json {
                    say(&state, "\(context.shownOnErr(start.destination.description)): continuing from byte \(start.resumingFrom) (its prefix checked out)\n")
                }
            case .restarted(_, let reason, let destination):
                // Before `started`: the file is named by its destination, as every event names it.
                let file = destination.description
                emit(["event": "restarted", "file": file, "reason": reason.rawValue, "message": reason.description])
                if !json { say(&state, "termind: \(context.shownOnErr(file)): \(reason)\n") }
            case .progress(let id, let progress):
                guard var running = state.running[id] else { return }
                running.progress = progress
                state.shown = id
                let now = clock.now
                if json, running.lastJSON.duration(to: now) >= .milliseconds(250) {
                    running.lastJSON = now
                    emit(["event": "progress", "file": running.file, "bytesDone": progress.bytesDone,
                          "total": progress.totalBytes, "rate": progress.bytesPerSecond.map { Int($0) } ?? 0])
                }
                state.running[id] = running
                if terminal && !json && state.lastDraw.duration(to: now) >= .milliseconds(100) {
                    state.lastDraw = now
                    draw(running)
                    state.lineDrawn = true
                }
            case .finished(let report):
                let running = state.running.removeValue(forKey: report.id)
                if state.shown == report.id { state.shown = state.running.keys.first }
                finished(report, running: running, &state)
            case .settled:
                break
            }
        }
    }

    /// Clears the progress line before the summary.
    func finish() {
        state.withLock { state in
            if state.lineDrawn { context.errControl("\r\u{1B}[K") }
            state.lineDrawn = false
        }
    }

    private func finished(_ report: TransferFileReport, running: Running?, _ state: inout State) {
        let file = report.destination.description
        let shownFile = context.shownOnErr(file)
        switch report.outcome {
        case .completed(let completion):
            emit(["event": "completed", "file": file, "bytes": completion.bytes, "bytesSent": completion.bytesSent,
                  "sha256": completion.sha256 ?? ""])
            if terminal && !json {
                let seconds = running.map { Double($0.progress.elapsed.components.seconds) + Double($0.progress.elapsed.components.attoseconds) / 1e18 } ?? 0
                let rate = seconds > 0 ? ProgressLine.rateText(Double(completion.bytesSent) / seconds) : ""
                say(&state, "\(TerminalSafeText(RemotePath.name(of: report.destination.path)).text)  100%  \(ProgressLine.byteText(Double(completion.bytes)))  \(rate)\n")
            }
        case .failed(let failure):
            emit(["event": "failed", "file": file, "error": String(describing: failure)])
            // The failure names its path already.
            if !json { say(&state, "termind: \(failure)\n") }
        case .skipped(let reason):
            emit(["event": "skipped", "file": file, "reason": reason.rawValue])
            // A skip the person asked for is said on a terminal only; one they could not expect
            // (a server's file named like a partial) always.
            if !json && (terminal || reason == .partialFileName) { say(&state, "\(shownFile): skipped, \(reason)\n") }
        case .paused(let pause):
            emit(["event": "paused", "file": file, "message": pause.description])
            if !json, pause.cause != nil { say(&state, "termind: \(shownFile): \(pause)\n") }
        default:
            break
        }
    }

    /// Writes a whole line on stderr, clearing a progress line first. Names in `text` are
    /// escaped already where stderr is a terminal.
    private func say(_ state: inout State, _ text: String) {
        if state.lineDrawn { context.errControl("\r\u{1B}[K") }
        context.err(text)
        state.lineDrawn = false
    }

    private func draw(_ running: Running) {
        let line = ProgressLine(name: running.name, done: running.progress.bytesDone, total: running.progress.totalBytes,
                                rate: running.progress.bytesPerSecond)
        // The line shows its name escaped (`ProgressLine`); the rest is Termind's own.
        context.errControl("\r" + line.text(width: Self.terminalWidth()) + "\u{1B}[K")
    }

    private func emit(_ object: [String: Any]) {
        guard json, let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        context.err(JSONOutput.escapingControls(String(decoding: data, as: UTF8.self)) + "\n")
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col) - 1
    }
}
