#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Gives the outer terminal back (its saved line settings and the modes the workbench turned
/// off) on every way out: a normal return, `exit`, a terminating signal and a crash in Swift
/// code (a trap, a bad access) while a handler can still run.
///
/// A signal handler may only use async-signal-safe calls, so everything it needs is prepared in
/// `arm` and kept in memory allocated once and never freed: the saved `termios`, the bytes of
/// `TerminalModes.leave` and the previous handler of each fatal signal. `restore` is `write(2)`,
/// `tcsetattr(3)` and an atomic flag that makes it run once. Process-wide state: `arm` and
/// `disarm` are called from the TUI loop on the main actor; `restore` from anywhere.
enum TerminalRestoration {
    /// The signals a crash raises: traps (`fatalError`, overflow, bad unwrap) are SIGILL or
    /// SIGTRAP, a bad access SIGSEGV or SIGBUS, `abort` SIGABRT.
    static let fatalSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    private static let armed = Atomic<Bool>(false)
    nonisolated(unsafe) private static let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) private static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: TerminalModes.leave.count)
        _ = buffer.initialize(from: TerminalModes.leave)
        return buffer
    }()
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    nonisolated(unsafe) private static var terminalDescriptor: Int32 = -1
    nonisolated(unsafe) private static var handlersInstalled = false

    /// Remembers `settings` (taken before raw mode) to put back on `descriptor`, and installs
    /// the crash handlers and an `atexit` hook the first time.
    static func arm(descriptor: Int32, settings: termios) {
        savedSettings.initialize(to: settings)
        _ = leaveBytes  // allocated now, not in a signal handler
        terminalDescriptor = descriptor
        installHandlersOnce()
        armed.store(true, ordering: .sequentiallyConsistent)
    }

    /// The terminal was given back in the ordinary way; nothing is left to restore.
    static func disarm() {
        armed.store(false, ordering: .sequentiallyConsistent)
    }

    /// Writes the leave sequence and puts the saved line settings back, once. Async-signal-safe.
    static func restore() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        var offset = 0
        while offset < leaveBytes.count {
            let written = Glibc.write(terminalDescriptor, leaveBytes.baseAddress! + offset, leaveBytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        tcsetattr(terminalDescriptor, TCSAFLUSH, savedSettings)
    }

    private static func installHandlersOnce() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        atexit { TerminalRestoration.restore() }
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previousActions + Int(signal))
        }
    }

    /// Restores the terminal, then hands the signal to whoever had it before (Swift's backtracer,
    /// or the default action that ends the process), so the crash is reported on the person's
    /// own screen.
    private static let crashHandler: @convention(c) (Int32) -> Void = { signal in
        TerminalRestoration.restore()
        sigaction(signal, TerminalRestoration.previousActions + Int(signal), nil)
        raise(signal)
    }
}
