import TermindDomain

/// An authenticated SSH connection. One worker thread owns it and every channel on it;
/// these calls are messages to that worker. Closing it ends every channel's stream.
public protocol SSHConnection: Sendable {
    var label: String { get }
    /// The server's host key as the trust check accepted it when connecting (nil when the
    /// connection cannot tell: test doubles). A control socket reports it to its clients.
    var hostKey: HostKey? { get }
    func execute(_ command: String) async throws -> any RemoteProcess
    func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell
    /// Runs `command` on a PTY (`ssh -t HOST CMD`): what it writes to its terminal arrives as
    /// stdout, and it can be resized like a shell.
    func execute(_ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell
    /// Opens the server's file system on a new `sftp` subsystem channel of this connection.
    func openFileSystem() async throws -> any RemoteFileSystem
    /// Starts a forwarding rule on this connection: its listener binds (here for `-L` and
    /// `-D`, on the server for `-R`) and serves until the connection closes. Throws
    /// `ForwardFailure` when it cannot listen; each forwarded connection's own failure only
    /// ends that connection (and is logged).
    func forward(_ rule: ForwardRule) async throws -> ForwardListening
    /// Stops one listener `forward` started, leaving the connection and the listener's
    /// connections already open as they are. Does nothing once it has stopped or the
    /// connection has ended.
    func stopForward(_ listening: ForwardListening) async
    /// Returns once the connection has ended: nil when it was closed from this side, the
    /// failure when it was lost.
    func waitUntilEnded() async -> SSHFailure?
    func close() async
}

extension SSHConnection {
    /// Connections that cannot tell (test doubles) know no host key.
    public var hostKey: HostKey? { nil }
}
