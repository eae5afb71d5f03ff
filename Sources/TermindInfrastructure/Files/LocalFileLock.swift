import Glibc

/// Exclusive `flock` locks on local files: the one-writer rule between Termind processes on
/// this machine (a partial being written, a destination claimed). A lock belongs to the open
/// file and goes with its descriptor's close, or the process's end.
enum LocalFileLock {
    /// How often a waiting lock is tried again.
    static let retryEvery: Duration = .milliseconds(50)

    /// Takes the exclusive lock on `descriptor`: 0, or the `errno` (`EWOULDBLOCK` when another
    /// holds it and `wait` is false). Waiting tries again every `retryEvery` rather than
    /// blocking in `flock`, so cancelling the task (Ctrl-C) ends the wait.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    static func lock(_ descriptor: Int32, wait: Bool) async throws -> Int32 {
        while true {
            let result = attempt(descriptor)
            guard wait, result == EWOULDBLOCK else { return result }
            try await Task.sleep(for: retryEvery)
        }
    }

    private static func attempt(_ descriptor: Int32) -> Int32 {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return 0
    }
}
