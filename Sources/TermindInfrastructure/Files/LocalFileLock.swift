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

    /// Takes the exclusive lock on one byte at `byte` of the file open at `descriptor`: an
    /// open-file-description lock (`F_OFD_SETLK`), which belongs to the descriptor as `flock`
    /// does (not to the process, as POSIX record locks do). 0, or the `errno` (`EAGAIN` or
    /// `EACCES` when another holds it and `wait` is false).
    static func lock(_ descriptor: Int32, byte: Int64, wait: Bool) async throws -> Int32 {
        while true {
            let result = attempt(descriptor, byte: byte)
            guard wait, result == EAGAIN || result == EACCES else { return result }
            try await Task.sleep(for: retryEvery)
        }
    }

    /// `F_OFD_SETLK` from Linux's fcntl.h, which Glibc's Swift module does not export.
    private static let setOpenFileDescriptionLock: Int32 = 37

    private static func attempt(_ descriptor: Int32, byte: Int64) -> Int32 {
        var range = flock()
        range.l_type = Int16(F_WRLCK)
        range.l_whence = Int16(SEEK_SET)
        range.l_start = off_t(byte)
        range.l_len = 1
        range.l_pid = 0  // required 0 for open-file-description locks
        while fcntl(descriptor, setOpenFileDescriptionLock, &range) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return 0
    }

    private static func attempt(_ descriptor: Int32) -> Int32 {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return errno
        }
        return 0
    }
}
