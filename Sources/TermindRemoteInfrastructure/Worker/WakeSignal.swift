import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The connection worker's wake-up call: an `eventfd` the worker polls together with its
/// sockets, so a command put in its mailbox interrupts `poll` at once. `signal()` may be called
/// from any thread (a `write` of 1 to the counter); the worker `drain()`s it before handling
/// its mailbox.
///
/// `Sendable`: it holds only the descriptor, and both operations are single system calls on a
/// non-blocking eventfd, safe from any thread. The descriptor is closed in `deinit`, when no
/// one can signal any more (closing it earlier could let a late signal write into a reused
/// descriptor number).
final class WakeSignal: Sendable {
    let descriptor: Int32

    init() throws {
        let fd = termind_worker_eventfd()
        guard fd >= 0 else {
            throw SSH2Error(kind: .session, operation: "creating the worker's wake-up eventfd",
                            message: String(cString: strerror(errno)), code: errno, host: "", port: 0)
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Wakes the worker if it is waiting in `poll`, or makes its next `poll` return at once.
    func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Resets the counter so the next `poll` waits again.
    func drain() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }
}
