import Foundation
import Synchronization
import TermindApplication
import TermindDomain

/// A control socket's server (docs/behaviour.md §2, "Sharing across processes"): it offers one
/// authenticated connection to this user's other termind processes, as OpenSSH's ControlMaster.
/// Each client connection is one channel (a command, a shell on a PTY, or SFTP) opened on the
/// held connection and relayed as `ControlFrame`s.
///
/// Peers of another uid are refused (`SO_PEERCRED`) before a byte is sent; a peer that breaks
/// the protocol (an unknown kind, a length over the limit, a bad field) or says nothing within
/// 10 seconds loses its own connection and nothing else. The server is started by whoever holds
/// the connection (a workbench for its live connections, `termind exec --persist`'s holder),
/// which says what "holding" means through `acquire` (a lease for the channel's duration).
///
/// `Sendable`: its state is behind a `Mutex`; one thread accepts, each client runs in a task.
public final class ControlServer: Sendable {
    /// The connection to open one client's channel on, and what to do when the channel ends.
    public struct Hold: Sendable {
        public let connection: any SSHConnection
        public let release: @Sendable () async -> Void

        public init(connection: any SSHConnection, release: @escaping @Sendable () async -> Void = {}) {
            self.connection = connection
            self.release = release
        }
    }

    public typealias Acquire = @Sendable () async throws -> Hold

    private struct State {
        var clients: [Int: ControlStream] = [:]
        var nextClient = 1
        var lastActivity = ContinuousClock.now
        var stopped = false
    }

    /// How long a client may take to ask for its channel.
    static let requestLimit: Duration = .seconds(10)

    public let path: String
    private let listener: Int32
    private let identity: ControlIdentity
    private let label: String
    private let acquire: Acquire
    private let logger: any Logger
    private let state = Mutex(State())
    /// The time the idle wait counts in and sleeps on (a test's clock moves it).
    private let clock: any Clock<Duration>
    private let time: ClockReader

    private init(
        path: String, listener: Int32, identity: ControlIdentity, label: String, acquire: @escaping Acquire, logger: any Logger,
        clock: any Clock<Duration>
    ) {
        self.path = path
        self.listener = listener
        self.identity = identity
        self.label = label
        self.acquire = acquire
        self.logger = logger
        self.clock = clock
        time = ClockReader(clock)
    }

    /// Listens at `directory`'s socket for `target` (the directory created 0700 if missing; a
    /// socket path too long for `sun_path` refused before anything is made).
    /// A stale socket there (nobody listening) is replaced; nil when another process serves
    /// it already; throws `ControlSocketError` when the directory or a file in the way is
    /// unsafe (another owner, wider modes, not a socket).
    public static func start(
        in directory: ControlSocketDirectory, for target: ControlTarget, identity: ControlIdentity,
        logger: any Logger = NullLogger(), clock: any Clock<Duration> = ContinuousClock(), acquire: @escaping Acquire
    ) throws -> ControlServer? {
        let path = directory.socketPath(for: target)
        try directory.checkLength(of: path)
        try directory.prepare()
        for _ in 0..<2 {
            let (descriptor, inUse) = try UnixSocket.listen(path)
            if !inUse {
                let server = ControlServer(
                    path: path, listener: descriptor, identity: identity, label: target.label, acquire: acquire, logger: logger,
                    clock: clock)
                server.startAccepting()
                logger.info("\(target.label): sharing the connection on the control socket \(path)")
                return server
            }
            guard try directory.checkSocket(path) else { continue }
            switch try UnixSocket.connect(path) {
            case .connected(let descriptor):
                Glibc.close(descriptor)
                logger.info("\(target.label): another process already shares this connection on \(path)")
                return nil
            case .busy:
                logger.info("\(target.label): another process listens on \(path) but accepts nothing; not sharing")
                return nil
            case .refused:
                logger.info("\(target.label): removed the stale control socket \(path)")
                unlink(path)
            case .absent:
                continue
            }
        }
        throw ControlSocketError(path: path, detail: "another process keeps taking the socket's place")
    }

    /// Stops listening, removes the socket and ends every client's channel.
    public func stop() {
        let clients: [ControlStream]? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            return Array(state.clients.values)
        }
        guard let clients else { return }
        unlink(path)
        // Wakes the accepting thread, which closes the descriptor.
        shutdown(listener, Int32(SHUT_RDWR))
        for client in clients { client.close() }
    }

    /// How many clients are connected now.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Returns once no client has been connected for `idle` (counted from the last one's end,
    /// or from now when there is none), or the server stopped, or its socket file was removed
    /// or replaced (as `rm -r` of the directory says: stop).
    public func waitUntilIdle(for idle: Duration) async {
        state.withLock { $0.lastActivity = time.now }
        let inode = Self.inode(path)
        while !Task.isCancelled {
            let (stopped, quietSince) = state.withLock { ($0.stopped, $0.clients.isEmpty ? $0.lastActivity : nil) }
            if stopped || Self.inode(path) != inode { return }
            let now = time.now
            if let quietSince, now - quietSince >= idle { return }
            let left = quietSince.map { idle - (now - $0) } ?? .seconds(1)
            try? await clock.sleep(for: min(max(left, .milliseconds(50)), .seconds(1)))
        }
    }

    private static func inode(_ path: String) -> ino_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_ino : nil
    }

    // MARK: - Accepting

    private func startAccepting() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "termind control socket accept"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    private func acceptLoop() {
        defer { Glibc.close(listener) }
        while true {
            // accept4 is not in Swift's Glibc; the window before FD_CLOEXEC only matters to a
            // child spawned at that instant.
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 {
                if state.withLock({ $0.stopped }) { return }
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    usleep(100_000)
                    continue
                default:
                    logger.warning("\(label): the control socket stopped accepting: \(String(cString: strerror(errno)))")
                    return
                }
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let peer = UnixSocket.peerUID(descriptor)
            guard peer == getuid() else {
                logger.warning("\(label): refused a control socket client of uid \(peer.map(String.init) ?? "unknown")")
                Glibc.close(descriptor)
                continue
            }
            let stream = ControlStream(descriptor: descriptor)
            let id: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                defer { state.nextClient += 1 }
                state.clients[state.nextClient] = stream
                return state.nextClient
            }
            guard let id else { return }
            stream.start()
            Task { await self.serve(stream, id: id) }
        }
    }

    // MARK: - One client

    private func serve(_ stream: ControlStream, id: Int) async {
        do {
            try await serveChannel(stream)
        } catch let error as ControlProtocolError {
            logger.warning("\(label): closed a control socket client: \(error)")
        } catch {
            logger.debug("\(label): a control socket client ended: \(error)")
        }
        stream.close()
        state.withLock { state in
            state.clients[id] = nil
            state.lastActivity = time.now
        }
    }

    private func serveChannel(_ stream: ControlStream) async throws {
        try await stream.send(identity.frame)
        let timer = Task {
            try await Task.sleep(for: Self.requestLimit)
            stream.close()
        }
        let first = try await stream.next()
        timer.cancel()
        guard let first else { return }
        let request = try ControlRequest(first)
        let hold: Hold
        do {
            hold = try await acquire()
        } catch {
            try await stream.send(ControlRequest.failureFrame(.refused, failure(error)))
            return
        }
        do {
            try await relay(request, on: hold.connection, stream)
        } catch {
            await hold.release()
            throw error
        }
        await hold.release()
    }

    private func relay(_ request: ControlRequest, on connection: any SSHConnection, _ stream: ControlStream) async throws {
        let process: any RemoteProcess
        var shell: (any RemoteShell)?
        do {
            switch request {
            case .exec(let command):
                process = try await connection.execute(command)
            case .shell(let term, let size, let environment, nil):
                shell = try await connection.openShell(term: term, size: size, environment: environment)
                process = shell!
            case .shell(let term, let size, let environment, let command?):
                shell = try await connection.execute(command, onTerminal: term, size: size, environment: environment)
                process = shell!
            case .sftp:
                guard let libssh2 = connection as? LibSSH2Connection else {
                    throw SSHFailure(.channel, connection: label, detail: "this connection has no SFTP to share")
                }
                process = try await libssh2.openSubsystem("sftp")
            }
        } catch {
            try await stream.send(ControlRequest.failureFrame(.refused, failure(error)))
            return
        }
        do {
            try await stream.send(ControlFrame(.opened))
        } catch {
            await process.close()
            throw error
        }
        let resizable = shell
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await Self.relayOutput(of: process, to: stream) }
            group.addTask { [label, logger] in
                do {
                    try await Self.relayInput(from: stream, to: process, shell: resizable)
                } catch {
                    logger.warning("\(label): closed a control socket client: \(error)")
                }
                // The client is gone or said close: so is its channel.
                stream.close()
                await process.close()
            }
        }
    }

    private static func relayOutput(of process: any RemoteProcess, to stream: ControlStream) async {
        do {
            for try await output in process.output {
                switch output {
                case .stdout(let bytes): try await stream.send(ControlFrame.data(.stdout, bytes))
                case .stderr(let bytes): try await stream.send(ControlFrame.data(.stderr, bytes))
                case .exit(let status, let signal): try await stream.send(ControlRequest.exitFrame(status: status, signal: signal))
                }
            }
        } catch let failure as SSHFailure {
            try? await stream.send(ControlRequest.failureFrame(.lost, failure))
        } catch {
            // The client went away; the input side closes the channel.
        }
        stream.close()
    }

    /// The client's frames to the channel until the client closes or says close. The channel's
    /// own failures (input after the command ended) are not the client's fault and end nothing
    /// here: the output side reports how the channel ended.
    private static func relayInput(from stream: ControlStream, to process: any RemoteProcess, shell: (any RemoteShell)?) async throws {
        while let frame = try await stream.next() {
            switch frame.kind {
            case .stdin: try? await process.send(frame.payload)
            case .eof:
                guard frame.payload.isEmpty else { throw ControlProtocolError("eof: unexpected payload") }
                try? await process.closeInput()
            case .windowChange:
                var reader = ControlFieldReader(frame.payload, frame: "window change")
                let size = try ControlRequest.size(&reader)
                try reader.end()
                await shell?.resize(size)
            case .close: return
            default: throw ControlProtocolError("unexpected \(frame.kind) from a client")
            }
        }
    }

    private func failure(_ error: any Error) -> SSHFailure {
        (error as? SSHFailure) ?? SSHFailure(.channel, connection: label, detail: "\(error)")
    }
}
