/// What a remote command left behind: its standard output and standard error, kept apart, and
/// how it ended.
///
/// A value; safe to pass between threads.
public struct SSH2CommandResult: Sendable, Equatable {
    public let stdout: [UInt8]
    public let stderr: [UInt8]
    /// The remote exit status; 0 when the server sent none (as OpenSSH does for a signal).
    public let exitStatus: Int32
    /// The signal name without `SIG` (`"TERM"`, `"KILL"`) when the command was killed by one.
    public let exitSignal: String?

    public init(stdout: [UInt8], stderr: [UInt8], exitStatus: Int32, exitSignal: String?) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitStatus = exitStatus
        self.exitSignal = exitSignal
    }
}
