import Foundation
import TermindApplication
import TermindDomain

/// The steps of a connection attempt, each run as one blocking job on the worker thread: the
/// TCP connection (or a tunnel's socket), the handshake, and one authentication method at a
/// time. Each libssh2 wait is bounded by the I/O timeout and ends early when the worker is
/// aborted or an interaction failed (`SSH2Session.interruption`).
extension WorkerLoop {
    /// The methods the server accepts, or that the user is already in (`none` accepted).
    enum MethodList: Sendable {
        case authenticated
        case methods([String])
    }

    /// What trying the agent's keys came to.
    struct AgentAttempt: Sendable {
        var accepted = false
        /// The comments of the keys tried, in order.
        var tried: [String] = []
        /// Why the agent could not be used, if it could not.
        var problem: String?
    }

    /// Connects over TCP (IPv4 or IPv6, `TCP_NODELAY` set before the handshake).
    func connect(host: String, port: Int, connectTimeout: Duration) throws {
        let session = try SSH2Session(host: host, port: port, connectTimeout: connectTimeout, ioTimeout: ioTimeout)
        adopt(session)
    }

    /// Takes over an already connected descriptor (a tunnel through the previous hop).
    func connect(descriptor: Int32, host: String, port: Int) throws {
        let session = try SSH2Session(host: host, port: port, connectedDescriptor: descriptor, ioTimeout: ioTimeout)
        adopt(session)
    }

    private func adopt(_ session: SSH2Session) {
        let worker = self.worker
        session.interruption = SSH2WaitInterruption(descriptor: worker.wake.descriptor) { [unowned self] in
            worker.wake.drain()
            if let localAbort { throw localAbort }
            if let ending = worker.requestedAbort { throw ending.failure(connection: worker.label) }
        }
        self.session = session
        transport = session
    }

    /// Drives `transport` from now on (a test's fake; the session is adopted by `connect`).
    func adopt(transport: any WorkerTransport) {
        self.transport = transport
    }

    /// The live session, or the failure that says there is none.
    func liveSession() throws -> SSH2Session {
        guard let session, session.isConnected else {
            throw SSHFailure(.dropped, connection: label, detail: "the connection is already closed; reconnect")
        }
        return session
    }

    /// Runs the handshake offering `preferred` host key algorithms first (those already recorded
    /// for the host), then every other one libssh2 supports, and returns the server's host key.
    /// The banner exchange and key exchange get `timeout` in all (the connect timeout, as
    /// OpenSSH's ConnectTimeout covers them), so a listener that never answers is left then.
    func handshake(preferring preferred: [String], timeout: Duration) throws -> HostKey {
        let session = try liveSession()
        let supported = try session.supportedHostKeyAlgorithms()
        let order = HostKeyAlgorithmOrder.methods(preferring: preferred, supported: supported)
        try session.handshake(hostKeyAlgorithms: order, timeout: timeout)
        let key = try session.hostKey()
        logger.debug("\(label): handshake done; host key \(key.algorithm) \(key.fingerprint)")
        return key
    }

    /// Asks for the methods the server accepts for `username`; this sends `none`, which the
    /// server may accept.
    func authenticationMethods(username: String) throws -> MethodList {
        let session = try liveSession()
        let methods = try session.authenticationMethods(username: username)
        return session.isAuthenticated ? .authenticated : .methods(methods)
    }

    /// Public key authentication with a key held in memory.
    func authenticate(username: String, privateKey: Secret, passphrase: Secret?) throws {
        try liveSession().authenticate(username: username, privateKey: privateKey, passphrase: passphrase)
    }

    /// Password authentication.
    func authenticate(username: String, password: Secret) throws {
        try liveSession().authenticate(username: username, password: password)
    }

    /// Tries at most `limit` of the agent's keys, in the agent's order, so the server's
    /// `MaxAuthTries` is not spent before the next method.
    func authenticateWithAgent(username: String, socketPath: String, limit: Int) throws -> AgentAttempt {
        let session = try liveSession()
        var attempt = AgentAttempt()
        let agent: SSH2Agent
        let identities: [SSH2Agent.Identity]
        do {
            agent = try SSH2Agent(session: session, socketPath: socketPath)
            identities = try agent.identities()
        } catch let error as SSH2Error where error.kind == .authentication {
            attempt.problem = "ssh-agent at \(socketPath) could not be used: \(error.message)"
            return attempt
        }
        for identity in identities.prefix(limit) {
            attempt.tried.append(identity.comment)
            do {
                try agent.authenticate(username: username, with: identity)
                attempt.accepted = true
                return attempt
            } catch let error as SSH2Error where error.kind == .authentication {
                logger.debug("\(label): the server refused ssh-agent key \(identity.comment): \(error.message)")
            }
        }
        return attempt
    }

    /// Keyboard-interactive authentication: every round goes to the interaction queue, and this
    /// thread waits for the answer (that time does not count against the I/O timeout). When the
    /// interaction is cancelled or refused, the attempt ends at once with that error
    /// (`CancellationError`, `InteractionRequired`).
    func authenticateKeyboardInteractive(
        username: String, interactions: InteractionQueue, generation: AttemptGeneration
    ) throws {
        let session = try liveSession()
        var round = 0
        try session.authenticateKeyboardInteractive(username: username) { request in
            round += 1
            logger.debug("\(label): keyboard-interactive round \(round) with \(request.prompts.count) prompt(s)")
            switch try ask(.keyboardInteractive(request), interactions: interactions, generation: generation) {
            case .responses(let answers):
                return answers
            case .secret(let answer) where request.prompts.count == 1:
                return [answer]
            default:
                let failure = SSHFailure(.authentication, connection: label, detail:
                    "keyboard-interactive round \(round) was answered with something other than responses")
                localAbort = failure
                throw failure
            }
        }
    }

    /// Asks the person through the interaction queue and blocks this thread until the answer
    /// comes. `abort` cancels the question; a failure also ends the libssh2 call waiting next.
    func ask(_ request: InteractionRequest, interactions: InteractionQueue, generation: AttemptGeneration) throws -> InteractionAnswer {
        let waiter = InteractionWaiter()
        let label = self.label
        let task = Task {
            do {
                waiter.deliver(.success(try await interactions.ask(request, connectionLabel: label, generation: generation)))
            } catch {
                waiter.deliver(.failure(error))
            }
        }
        if !worker.track(interaction: task) { task.cancel() }
        defer { _ = worker.track(interaction: nil) }
        do {
            return try waiter.wait().get()
        } catch {
            localAbort = error
            throw error
        }
    }

    /// Authentication is done: from now on the loop pumps the session and sends keepalives.
    func establish() {
        guard let transport else { return }
        lastInbound = clock.now
        // The first keepalive one interval after authentication, as ssh's ServerAliveInterval.
        if keepaliveInterval > 0 { keepaliveDue = lastInbound.advanced(by: .seconds(keepaliveInterval)) }
        established = true
        logger.debug("\(label): authenticated")
    }
}
