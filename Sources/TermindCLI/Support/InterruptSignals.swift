import Foundation
import Synchronization

/// SIGINT and SIGTERM handed to a callback on a thread of their own. A real handler (`sigaction`)
/// writes the signal's number to a pipe that the thread reads: a dispatch signal source on Linux
/// reads a `signalfd` and sees only signals every thread blocks, so with Swift's thread pool
/// running (and a shell that started the job with SIGINT ignored) it never fired.
///
/// The pipe and its thread live for the rest of the process once started, so a handler never
/// writes to a descriptor that was closed and reused.
enum InterruptSignals {
    static let numbers: [Int32] = [SIGINT, SIGTERM]

    private static let writeEnd = Atomic<Int32>(-1)
    private static let listener = Mutex<(@Sendable (Int32) -> Void)?>(nil)
    private static let started = Mutex(false)

    /// Calls `handler` for each SIGINT or SIGTERM until `stop()`, instead of ending the process.
    static func start(_ handler: @escaping @Sendable (Int32) -> Void) {
        listener.withLock { $0 = handler }
        startReaderOnce()
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handle
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Gives SIGINT and SIGTERM their default action back.
    static func stop() {
        for number in numbers { signal(number, SIG_DFL) }
        listener.withLock { $0 = nil }
    }

    private static func startReaderOnce() {
        let first = started.withLock { started in defer { started = true }; return !started }
        guard first else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
        let readEnd = ends[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                listener.withLock { $0 }?(Int32(byte))
            }
        }
        thread.name = "termind signals"
        thread.start()
    }

    /// Async-signal-safe: one `write` of the signal's number.
    private static let handle: @convention(c) (Int32) -> Void = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        let descriptor = InterruptSignals.writeEnd.load(ordering: .relaxed)
        if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
    }
}
