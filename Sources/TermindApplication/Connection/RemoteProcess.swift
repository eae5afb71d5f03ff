/// A command running on a remote host (an exec channel). Its output arrives as a stream; the
/// stream finishes after `.exit`, or throws `SSHFailure` when the connection drops.
public protocol RemoteProcess: Sendable {
    var output: AsyncThrowingStream<RemoteOutput, any Error> { get }
    func write(_ bytes: [UInt8]) async throws
    /// Sends EOF on the command's standard input.
    func closeInput() async throws
    /// Closes the channel (the command gets SIGHUP from sshd).
    func close() async
}
