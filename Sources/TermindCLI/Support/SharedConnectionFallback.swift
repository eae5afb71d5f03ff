import Synchronization
import TermindApplication
import TermindDomain

/// A connection another process shares through its control socket, with this process's own
/// connection as the fallback: when the shared one cannot open a channel (its server refuses
/// one more session, `MaxSessions`; its process went away), the command connects itself and
/// carries on, as it would have with no socket. Only channels that never started are opened
/// again, so nothing runs twice. Once fallen back, every later channel uses the own connection.
///
/// `Sendable`: the own connection is made once, behind a `Mutex`.
final class SharedConnectionFallback: SSHConnection {
    private let shared: any SSHConnection
    private let connectOwn: @Sendable () async throws -> any SSHConnection
    private let logger: any Logger
    private let own = Mutex<Task<any SSHConnection, any Error>?>(nil)

    var label: String { shared.label }
    var hostKey: HostKey? { shared.hostKey }

    init(shared: any SSHConnection, logger: any Logger, connectOwn: @escaping @Sendable () async throws -> any SSHConnection) {
        self.shared = shared
        self.logger = logger
        self.connectOwn = connectOwn
    }

    func execute(_ command: String) async throws -> any RemoteProcess {
        try await opening { try await $0.execute(command) }
    }

    func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell {
        try await opening { try await $0.openShell(term: term, size: size, environment: environment) }
    }

    func execute(
        _ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]
    ) async throws -> any RemoteShell {
        try await opening { try await $0.execute(command, onTerminal: term, size: size, environment: environment) }
    }

    func openFileSystem() async throws -> any RemoteFileSystem {
        try await opening { try await $0.openFileSystem() }
    }

    func forward(_ rule: ForwardRule) async throws -> ForwardListening {
        try await opening { try await $0.forward(rule) }
    }

    func stopForward(_ listening: ForwardListening) async {
        await current().stopForward(listening)
    }

    func waitUntilEnded() async -> SSHFailure? {
        await current().waitUntilEnded()
    }

    func close() async {
        await shared.close()
        if let task = own.withLock({ $0 }), let connection = try? await task.value { await connection.close() }
    }

    /// The own connection once fallen back, else the shared one.
    private func current() async -> any SSHConnection {
        guard let task = own.withLock({ $0 }), let connection = try? await task.value else { return shared }
        return connection
    }

    /// `open` on the shared connection, or on the own one when the shared one refused.
    private func opening<T>(_ open: (any SSHConnection) async throws -> T) async throws -> T {
        if let task = own.withLock({ $0 }) { return try await open(try await task.value) }
        do {
            return try await open(shared)
        } catch let failure as SSHFailure {
            logger.notice("\(label): the shared connection opened no channel (\(failure.detail)); connecting without it")
        } catch let failure as FileSystemError where failure.kind == .connectionLost {
            logger.notice("\(label): the shared connection opened no SFTP channel (\(failure.detail)); connecting without it")
        } catch let failure as ForwardFailure {
            logger.notice("\(label): the shared connection cannot forward (\(failure.detail)); connecting without it")
        }
        let task = own.withLock { task in
            if let task { return task }
            let connect = connectOwn
            let made = Task { try await connect() }
            task = made
            return made
        }
        return try await open(try await task.value)
    }
}
