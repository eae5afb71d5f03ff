import Dispatch
import Foundation
import TermindApplication

/// The terminal `termind ssh` runs in: raw mode while attached (given back on exit and on
/// SIGTERM/SIGHUP), its size, SIGWINCH forwarded as window-change, and standard input
/// forwarded to the remote shell or command.
final class LocalTerminal: @unchecked Sendable {
    private var saved: termios?
    private let isTerminal = isatty(STDIN_FILENO) == 1

    /// The size to open the PTY with (80×24 when standard output is not a terminal).
    var size: TerminalSize {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Copies bytes between this terminal and `shell` until the shell ends; returns its status.
    /// `history`, when given, sees the output too and records the commands it marks.
    func attach(_ shell: any RemoteShell, output: CommandContext, history: CommandHistoryTap? = nil) async throws -> Int32 {
        var history = history
        enterRawMode()
        defer { restore() }
        let resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        signal(SIGWINCH, SIG_IGN)
        resizes.setEventHandler { [self] in
            let size = self.size
            Task { await shell.resize(size) }
        }
        resizes.resume()
        defer { resizes.cancel() }
        let farewell = restoreOnSignals()
        defer { farewell.forEach { $0.cancel() } }

        // Keys go out in the order typed, each read a single channel write.
        let input = Task { await StandardInputForwarder().forward(to: shell) }
        defer { input.cancel() }

        var status: Int32 = ExitCode.remoteCommandOwnFailure
        do {
            for try await event in shell.output {
                switch event {
                case .stdout(let bytes):
                    output.out(bytes: bytes)
                    history?.observe(bytes)
                case .stderr(let bytes): output.err(bytes: bytes)
                case .exit(let exitStatus, let signal): status = RemoteExitStatus.of(status: exitStatus, signal: signal)
                }
            }
        } catch {
            // A lost connection still keeps the commands that ran before it.
            await finishHistory(history, output: output)
            throw error
        }
        await finishHistory(history, output: output)
        return status
    }

    /// Waits for the session's command history rows to be stored; says so if they were not.
    private func finishHistory(_ history: CommandHistoryTap?, output: CommandContext) async {
        guard let failure = await history?.finish() else { return }
        restore()
        output.err("termind: the command history was not saved: \(failure)\n")
    }

    func restore() {
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        self.saved = nil
    }

    private func enterRawMode() {
        guard isTerminal else { return }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        saved = original
        var raw = original
        cfmakeraw(&raw)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    }

    /// SIGTERM and SIGHUP give the terminal back before termind ends.
    private func restoreOnSignals() -> [any DispatchSourceSignal] {
        [SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                self.restore()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
