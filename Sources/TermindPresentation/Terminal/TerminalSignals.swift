import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The signals the workbench answers while it owns the terminal, delivered on the main queue
/// (the main actor's thread): a window-size change re-lays everything out; SIGINT, SIGTERM and
/// SIGHUP end the workbench the ordinary way, terminal given back. The signals' default actions
/// are set aside while watched and put back by `stop()`.
///
/// Confined to the TUI loop on the main actor.
@MainActor
final class TerminalSignals {
    /// The signals that end the workbench, with exit status 128 + the signal's number.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private var sources: [any DispatchSourceSignal] = []

    /// Starts watching: `resized` on SIGWINCH, `terminate(signal)` on the terminating ones.
    func start(resized: @escaping @MainActor () -> Void, terminate: @escaping @MainActor (Int32) -> Void) {
        watch(SIGWINCH) { _ in resized() }
        for number in Self.terminating {
            watch(number) { terminate($0) }
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in [SIGWINCH] + Self.terminating { signal(number, SIG_DFL) }
    }

    private func watch(_ number: Int32, _ handler: @escaping @MainActor (Int32) -> Void) {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated { handler(number) }
        }
        source.resume()
        sources.append(source)
    }
}
