import Synchronization
import TermindApplication

/// An `SSHConnection` that opens nothing: every channel fails as refused. For tests of who
/// opens a connection and with what, not of what runs over it; records whether it was closed.
public final class InertConnection: SSHConnection {
    public let label: String
    private let closed = Mutex(false)

    public init(label: String) { self.label = label }

    public var isClosed: Bool { closed.withLock { $0 } }

    public func execute(_ command: String) async throws -> any RemoteProcess { throw refused() }
    public func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell {
        throw refused()
    }
    public func execute(
        _ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]
    ) async throws -> any RemoteShell {
        throw refused()
    }
    public func openFileSystem() async throws -> any RemoteFileSystem { throw refused() }
    public func close() async { closed.withLock { $0 = true } }

    private func refused() -> SSHFailure { SSHFailure(.channel, connection: label, detail: "an inert connection opens no channel") }
}
