#if canImport(Glibc)
import Glibc
#endif
import TermindDomain

/// The terminal the person runs termind in: standard input and output when both are terminals.
/// It takes the terminal (raw mode, the modes of `TerminalModes.enter`), reports its size,
/// writes frames (through its `TerminalWriter`, off the loop's thread), reads input, lends the
/// terminal to a program in the foreground (`suspend` and `resume`: the person's editor), and
/// gives the terminal back (`leave`, or `TerminalRestoration` on a signal or a crash).
///
/// Confined to the TUI loop on the main actor: it holds the saved line settings and decides
/// when the terminal is taken.
@MainActor
public final class OuterTerminal {
    /// Why the workbench cannot run in this process's terminal.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    let input: Int32
    let output: Int32
    private let writer: TerminalWriter
    private var saved: termios?
    /// True while lent out (`suspend`): the person's modes and line settings are in force.
    private var suspended = false

    /// The terminal on standard input and output; throws when either is not a terminal.
    public convenience init() throws(Unavailable) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw Unavailable(description: "the workbench needs a terminal on standard input and output; "
                + "for scripts use the subcommands ('termind help')")
        }
        self.init(input: STDIN_FILENO, output: STDOUT_FILENO)
    }

    /// The terminal on `input` and `output` (a pseudo-terminal in tests).
    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
        writer = TerminalWriter(descriptor: output)
    }

    /// The terminal's size in cells (80×24 when it does not say).
    public var size: CellSize {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return CellSize(columns: 80, rows: 24)
        }
        return CellSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Raw mode (no echo, no line editing, no signals from keys, no output processing) and the
    /// workbench's modes. Restoration is armed before anything changes.
    public func enter() {
        var original = termios()
        if tcgetattr(input, &original) == 0 {
            saved = original
            TerminalRestoration.arm(descriptor: input, settings: original)
            var raw = original
            cfmakeraw(&raw)  // also VMIN 1, VTIME 0: a read returns as soon as a byte is there
            tcsetattr(input, TCSAFLUSH, &raw)
        }
        write(TerminalModes.enter)
    }

    /// Gives the terminal back: the modes off, the person's screen and line settings back.
    public func leave() {
        guard saved != nil else { return }
        writer.writeAndWait([])  // the last frame first
        TerminalRestoration.restore()
        saved = nil
        suspended = false
    }

    /// Lends the terminal to a program that runs in the foreground (the person's editor): as
    /// `leave` (the last frame written, the workbench's modes off, the alternate screen left,
    /// cooked mode back), but kept so `resume` takes it again.
    func suspend() {
        guard saved != nil, !suspended else { return }
        writer.writeAndWait([])
        TerminalRestoration.restore()
        suspended = true
    }

    /// Takes the lent terminal back: raw mode and the workbench's modes again, the alternate
    /// screen cleared (the caller draws a whole frame). The line settings put back at the end
    /// are still those from before `enter`, whatever the program left.
    func resume() {
        guard let original = saved, suspended else { return }
        suspended = false
        TerminalRestoration.arm(descriptor: input, settings: original)
        var raw = original
        cfmakeraw(&raw)
        tcsetattr(input, TCSAFLUSH, &raw)  // what was typed for the program is not for the workbench
        write(TerminalModes.enter)
    }

    /// Writes all of `bytes` after what is already on its way, and returns once written.
    public func write(_ bytes: [UInt8]) {
        writer.writeAndWait(bytes)
    }

    /// Hands `bytes` (a frame) to the writer thread and returns at once; `written` is called on
    /// that thread once the terminal took them all.
    func write(_ bytes: [UInt8], then written: @escaping @Sendable () -> Void) {
        writer.write(bytes, then: written)
    }

    /// Reads what is available (at most 64 KiB): empty at end of input (the terminal hung up),
    /// nil when interrupted or nothing was there.
    func read() -> [UInt8]? {
        // The descriptor blocks (it is shared with the editor, which must not get O_NONBLOCK),
        // and after the terminal was lent the source may still report input the editor took:
        // read only what is there now, so the main actor never waits in read(2).
        var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
        if count > 0 { return Array(buffer[..<count]) }
        if count == 0 { return [] }
        return errno == EINTR || errno == EAGAIN ? nil : []
    }
}
