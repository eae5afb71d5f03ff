import TermindApplication

/// The status termind exits with for a remote command, like a shell reports a child: the exit
/// status, or 128 + the signal's number when a signal killed it (255 for a signal name this
/// machine does not know).
enum RemoteExitStatus {
    static func of(status: Int32?, signal: String?) -> Int32 {
        guard let signal else { return status ?? ExitCode.remoteCommandOwnFailure }
        return numbers[signal].map { 128 + $0 } ?? ExitCode.remoteCommandOwnFailure
    }

    /// RFC 4254 §6.10 signal names (without "SIG") and their Linux numbers.
    private static let numbers: [String: Int32] = [
        "ABRT": 6, "ALRM": 14, "FPE": 8, "HUP": 1, "ILL": 4, "INT": 2, "KILL": 9, "PIPE": 13,
        "QUIT": 3, "SEGV": 11, "TERM": 15, "USR1": 10, "USR2": 12,
    ]
}
