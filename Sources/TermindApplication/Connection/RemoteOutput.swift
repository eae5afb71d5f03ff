/// What a remote command or shell sends back, in the order it arrives.
public enum RemoteOutput: Sendable, Equatable {
    case stdout([UInt8])
    case stderr([UInt8])
    /// The channel closed: the exit status (nil if the server sent none) and, if the process
    /// was killed, the signal's name (`TERM`, `KILL`...). Always the last element.
    case exit(status: Int32?, signal: String?)
}
