/// A command running on a remote host (an exec channel). Its output arrives as a stream; the
/// stream finishes after `.exit`, or throws `SSHFailure` when the connection drops.
public protocol RemoteProcess: Sendable {
    var output: AsyncThrowingStream<RemoteOutput, any Error> { get }
    func write(_ bytes: [UInt8]) async throws
    /// Queues `bytes` for the command's standard input behind what is queued, returning once
    /// there is room for more rather than once they are written: for streaming input, so the
    /// channel is never idle between writes. A failure shows on a later `send`, `write` or
    /// `closeInput`.
    func send(_ bytes: [UInt8]) async throws
    /// Queues `bytes` behind everything written, sent or posted before, and returns at once:
    /// for requests that are each answered (SFTP), where the answer is what the caller waits
    /// for, so waiting for the bytes to go out as well would only cost a wake-up. `failed`
    /// hears why, if they could not be queued or written.
    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void)
    /// Sends EOF on the command's standard input.
    func closeInput() async throws
    /// Closes the channel (the command gets SIGHUP from sshd).
    func close() async
}

extension RemoteProcess {
    /// Without a queue of its own, sending is writing.
    public func send(_ bytes: [UInt8]) async throws { try await write(bytes) }
}
