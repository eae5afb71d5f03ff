import Synchronization
import TermindApplication
import TermindDomain

/// The `SSHConnection` of another termind process, reached through its control socket: each
/// channel is a connection to the socket (`ControlRemoteProcess`), SFTP is Termind's own
/// `SFTPClient` over the relayed `sftp` subsystem. Every channel re-reads the server's
/// identity and refuses one whose host key is not the one this process checked.
///
/// `Sendable`: immutable but for the closed state behind a `Mutex`.
final class ControlSocketConnection: SSHConnection {
    let label: String
    let path: String
    let identity: ControlIdentity
    private let requestTimeout: Duration
    private let ended = Mutex<(closed: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// A stream whose identity was read and checked already, kept for the first channel.
    private let spare: Mutex<ControlStream?>

    var hostKey: HostKey? { identity.hostKey }

    init(path: String, label: String, identity: ControlIdentity, requestTimeout: Duration, spare: ControlStream? = nil) {
        self.path = path
        self.label = label
        self.identity = identity
        self.requestTimeout = requestTimeout
        self.spare = Mutex(spare)
    }

    func execute(_ command: String) async throws -> any RemoteProcess {
        try await open(.exec(command))
    }

    func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell {
        try await open(.shell(term: term, size: size, environment: environment, command: nil))
    }

    func execute(
        _ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]
    ) async throws -> any RemoteShell {
        try await open(.shell(term: term, size: size, environment: environment, command: command))
    }

    func openFileSystem() async throws -> any RemoteFileSystem {
        let process: ControlRemoteProcess
        do {
            process = try await open(.sftp)
        } catch let failure as SSHFailure {
            throw FileSystemError(.connectionLost, location: label, path: "", detail: "opening SFTP failed: \(failure.detail)")
        }
        return try await SFTPClient.open(
            over: process, location: label, serverSoftware: identity.serverBanner, requestTimeout: requestTimeout)
    }

    func waitUntilEnded() async -> SSHFailure? {
        await withCheckedContinuation { continuation in
            let closed = ended.withLock { state in
                if !state.closed { state.waiters.append(continuation) }
                return state.closed
            }
            if closed { continuation.resume() }
        }
        return nil
    }

    /// Nothing to close but the channels, each closed by its own user.
    func close() async {
        takeSpare()?.close()
        let waiters = ended.withLock { state in
            state.closed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func takeSpare() -> ControlStream? {
        spare.withLock { stream in
            defer { stream = nil }
            return stream
        }
    }

    private func open(_ request: ControlRequest) async throws -> ControlRemoteProcess {
        // A spare the server closed meanwhile (it went, or it dropped an idle client) is no
        // answer yet: a fresh stream asks again.
        if let stream = takeSpare(), let process = try await open(request, on: stream) { return process }
        let connected: (ControlStream, ControlIdentity)?
        do {
            connected = try await ControlClient.connect(path, limit: requestTimeout)
        } catch {
            throw SSHFailure(.channel, connection: label, detail: error.description)
        }
        guard let (stream, identity) = connected else {
            throw SSHFailure(.dropped, connection: label, detail: "the process that shared the connection has gone (\(path))")
        }
        guard identity == self.identity else {
            stream.close()
            throw SSHFailure(.channel, connection: label, detail: "the control socket \(path) now serves another connection")
        }
        guard let process = try await open(request, on: stream) else {
            throw SSHFailure(.dropped, connection: label, detail: "the control socket closed before the channel opened")
        }
        return process
    }

    /// Sends `request` on a stream whose identity was checked; nil when the stream failed or
    /// ended before an answer. A holder stopped since it said who it is is waited for no
    /// longer than `requestTimeout`.
    private func open(_ request: ControlRequest, on stream: ControlStream) async throws -> ControlRemoteProcess? {
        let answer: ControlFrame?
        let late = Atomic(false)
        let timer = Task { [requestTimeout] in
            try await Task.sleep(for: requestTimeout)
            late.store(true, ordering: .relaxed)
            stream.close()
        }
        do {
            try await stream.send(request.frame)
            answer = try await stream.next()
        } catch {
            answer = nil
        }
        timer.cancel()
        if late.load(ordering: .relaxed) {
            stream.close()
            throw SSHFailure(
                .channel, connection: label,
                detail: "the process sharing the connection on \(path) did not answer within \(requestTimeout) (stopped or stuck)")
        }
        guard let answer else {
            stream.close()
            return nil
        }
        do {
            switch answer.kind {
            case .opened: return ControlRemoteProcess(stream: stream, label: label)
            case .refused: throw try ControlRequest.failure(answer, connection: label)
            default: throw ControlProtocolError("expected opened or refused, got \(answer.kind)")
            }
        } catch let failure as SSHFailure {
            stream.close()
            throw failure
        } catch {
            stream.close()
            throw SSHFailure(.channel, connection: label, detail: "the control socket \(path) failed: \(error)")
        }
    }
}
