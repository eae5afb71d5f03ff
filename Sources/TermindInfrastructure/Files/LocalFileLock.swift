import Dispatch
import Glibc

/// Exclusive `flock` locks on local files: the one-writer rule between Termind processes on
/// this machine (a partial being written, a destination claimed). A lock belongs to the open
/// file and goes with its descriptor's close, or the process's end.
enum LocalFileLock {
    /// Takes the exclusive lock on `descriptor`: 0, or the `errno` (`EWOULDBLOCK` when another
    /// holds it and `wait` is false). A wait blocks a Dispatch thread, never one of the few
    /// threads Swift concurrency shares.
    static func lock(_ descriptor: Int32, wait: Bool) async -> Int32 {
        guard wait else { return attempt(descriptor, LOCK_EX | LOCK_NB) }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: attempt(descriptor, LOCK_EX))
            }
        }
    }

    private static func attempt(_ descriptor: Int32, _ operation: Int32) -> Int32 {
        while flock(descriptor, operation) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return 0
    }
}
