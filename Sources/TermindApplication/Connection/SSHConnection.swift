/// An authenticated SSH connection. One worker thread owns it and every channel on it;
/// these calls are messages to that worker. Closing it ends every channel's stream.
public protocol SSHConnection: Sendable {
    var label: String { get }
    func execute(_ command: String) async throws -> any RemoteProcess
    func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell
    /// Runs `command` on a PTY (`ssh -t HOST CMD`): what it writes to its terminal arrives as
    /// stdout, and it can be resized like a shell.
    func execute(_ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell
    /// Opens the server's file system on a new `sftp` subsystem channel of this connection.
    func openFileSystem() async throws -> any RemoteFileSystem
    func close() async
}
