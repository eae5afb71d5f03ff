import Foundation
import TermindApplication
import TermindDomain
#if canImport(Glibc)
import Glibc
#endif

/// Port forwarding on the worker: listeners here whose connections go out through
/// `direct-tcpip` channels (`-L`, and `-D` after a SOCKS handshake), and listeners on the
/// server whose `forwarded-tcpip` channels are connected here (`-R`). Every forwarded
/// connection becomes a `WorkerTunnel`, pumped like a jump host's. Nothing here blocks: sockets
/// are non-blocking and names were resolved by the caller. Runs on the worker thread.
extension WorkerLoop {
    /// How many connections a local listener takes per pass, so a flood cannot starve the rest.
    /// A remote rule's channels are all taken each pass (`acceptRemote`).
    private static let acceptsPerPass = 16

    // MARK: - Starting rules

    /// Binds a local or dynamic rule's listening socket at `address`.
    func startLocalListener(_ rule: ForwardRule, at address: SocketAddress, continuation: CheckedContinuation<ForwardListening, any Error>) {
        let endpoint = Self.endpoint(address.host, address.port)
        let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            return continuation.resume(throwing: ForwardFailure(rule: rule, detail: "cannot open a socket for \(endpoint): \(Self.errorText())"))
        }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if address.family == AF_INET6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size)) }
        guard address.withSockaddr({ bind(descriptor, $0, $1) }) == 0 else {
            let reason = errno == EADDRINUSE ? "port \(address.port) is already in use" : Self.errorText()
            close(descriptor)
            return continuation.resume(throwing: ForwardFailure(rule: rule, detail: "cannot listen on \(endpoint): \(reason)"))
        }
        guard listen(descriptor, 128) == 0 else {
            let reason = Self.errorText()
            close(descriptor)
            return continuation.resume(throwing: ForwardFailure(rule: rule, detail: "cannot listen on \(endpoint): \(reason)"))
        }
        let bound = SocketAddress.local(of: descriptor) ?? address
        let listener = WorkerListener(id: nextIdentifier(), rule: rule, descriptor: descriptor, remote: nil, target: nil,
                                      endpoint: Self.endpoint(bound.host, bound.port))
        listeners[listener.id] = listener
        logger.info("\(label): forwarding \(rule) listening on \(listener.endpoint)")
        continuation.resume(returning: ForwardListening(rule: rule, address: bound.host, port: bound.port, id: listener.id, meter: listener.meter))
    }

    /// Asks the server to listen for a remote rule; its connections go to `target`.
    func startRemoteListener(
        _ rule: ForwardRule, bindHost: String, target: SocketAddress, continuation: CheckedContinuation<ForwardListening, any Error>
    ) {
        guard let transport else {
            return continuation.resume(throwing: SSHFailure(.dropped, connection: label, detail: "the session is gone; reconnect"))
        }
        let endpoint = Self.endpoint(bindHost, rule.bindPort)
        var started: (listener: any WorkerTransportListener, port: Int)?
        let step = WorkerOperation.Step("asking the server to listen on \(endpoint)") {
            switch transport.listenRemote(host: bindHost, port: rule.bindPort) {
            case .done(let result):
                started = result
                return .done(())
            case .wouldBlock(let blocking): return .wouldBlock(blocking)
            case .failed(let fault): return .failed(fault)
            }
        }
        operations.append(WorkerOperation("listening on the server at \(endpoint)", steps: [step]) { [unowned self] outcome in
            guard case .success = outcome, let started else {
                let detail = if case .failure(let failure) = outcome { failure.detail } else { "no listener" }
                return continuation.resume(throwing: ForwardFailure(rule: rule, detail:
                    "the server refused to listen on \(endpoint) (in use, or forwarding not allowed): \(detail)"))
            }
            let listener = WorkerListener(id: nextIdentifier(), rule: rule, descriptor: -1, remote: started.listener, target: target,
                                          endpoint: Self.endpoint(bindHost, started.port))
            listeners[listener.id] = listener
            logger.info("\(label): forwarding \(rule) listening on the server at \(listener.endpoint)")
            continuation.resume(returning: ForwardListening(
                rule: rule, address: bindHost, port: started.port, id: listener.id, meter: listener.meter))
        })
    }

    /// Stops listener `id` (the rule is turned off): a local socket closes at once, a server's
    /// listener is cancelled in the background. Connections it accepted go on.
    func stopListener(_ id: Int) {
        guard let listener = listeners.removeValue(forKey: id) else { return }
        logger.info("\(label): forwarding \(listener.rule) on \(listener.endpoint) stopped")
        listener.close()
        guard let remote = listener.remote else { return }
        listener.remote = nil
        let step = WorkerOperation.Step("asking the server to stop listening on \(listener.endpoint)") { remote.cancel() }
        operations.append(WorkerOperation("stopping the server's listener on \(listener.endpoint)", steps: [step]) { [unowned self] outcome in
            if case .failure(let failure) = outcome {
                logger.info("\(label): the server's listener on \(listener.endpoint) did not stop: \(failure.detail)")
            }
        })
    }

    // MARK: - Serving

    /// Accepts on every listener and moves every SOCKS handshake on; returns whether anything
    /// moved.
    func pumpForwarding() throws -> Bool {
        var progress = false
        let now = ContinuousClock.now
        for id in listeners.keys.sorted() {
            guard let listener = listeners[id], listener.isAccepting(at: now) else { continue }
            if listener.remote != nil {
                progress = try acceptRemote(listener) || progress
                if outboundBlocked { return progress }
            } else {
                progress = acceptLocal(listener) || progress
            }
        }
        for id in socksClients.keys.sorted() {
            guard let client = socksClients[id], !client.connecting else { continue }
            if client.deadline < now {
                dropSOCKS(client, "no complete handshake within \(WorkerSOCKSClient.handshakeLimit.secondsText)")
                progress = true
                continue
            }
            progress = readSOCKS(client) || progress
        }
        return progress
    }

    /// Takes the connections waiting on a local listener.
    private func acceptLocal(_ listener: WorkerListener) -> Bool {
        var progress = false
        for _ in 0..<Self.acceptsPerPass {
            // accept4 needs _GNU_SOURCE, which Glibc's Swift module leaves out.
            let descriptor = accept(listener.descriptor, nil, nil)
            guard descriptor >= 0 else {
                let code = errno
                if code != EAGAIN && code != EWOULDBLOCK && code != EINTR && code != ECONNABORTED {
                    // The connection stays in the backlog: without a pause this would spin.
                    couldNotTake(on: listener, code: code, doing: "accepting a connection")
                }
                break
            }
            progress = true
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            setNoDelay(descriptor)
            if listener.rule.kind == .dynamic {
                let client = WorkerSOCKSClient(id: nextIdentifier(), listener: listener.endpoint, meter: listener.meter, descriptor: descriptor)
                socksClients[client.id] = client
            } else if let host = listener.rule.targetHost, let port = listener.rule.targetPort {
                openForwardedChannel(descriptor: descriptor, to: host, port: port, via: listener.endpoint, meter: listener.meter) { _ in }
            } else {
                close(descriptor)
            }
        }
        return progress
    }

    /// Opens a `direct-tcpip` channel to `host:port` for an accepted socket; on success the
    /// socket and the channel become a tunnel (with `toClient` sent first and `leftover`
    /// passed on), on failure the socket is closed. `done` hears the failure, if any.
    private func openForwardedChannel(
        descriptor: Int32, to host: String, port: Int, via endpoint: String, meter: ForwardMeter, toClient: [UInt8] = [],
        leftover: [UInt8] = [], done: @escaping (SSH2Fault?) -> Void
    ) {
        guard let transport else {
            close(descriptor)
            meter.failed("the session is gone")
            return done(.sessionGone)
        }
        let destination = Self.endpoint(host, port)
        let tunnel = WorkerTunnel(id: nextIdentifier(), destination: destination, localDescriptor: descriptor)
        var refusal: SSH2Fault?
        let opening = WorkerOperation.Step("opening a direct-tcpip channel to \(destination)") { [unowned tunnel] in
            switch transport.openDirectTCPIP(host: host, port: port) {
            case .done(let remote):
                tunnel.remote = remote
                return .done(())
            case .wouldBlock(let blocking): return .wouldBlock(blocking)
            case .failed(let fault):
                refusal = fault
                return .failed(fault)
            }
        }
        operations.append(WorkerOperation("forwarding \(endpoint) to \(destination)", steps: [opening]) { [unowned self] outcome in
            switch outcome {
            case .success:
                tunnel.toLocal = toClient
                tunnel.toRemote = leftover
                tunnels[tunnel.id] = tunnel
                tunnel.meterOpened(on: meter)
                logger.debug("\(label): forwarded connection \(tunnel.id) from \(endpoint) to \(destination)")
                done(nil)
            case .failure(let failure):
                logger.info("\(label): forwarding \(endpoint) to \(destination) failed: \(failure.detail)")
                meter.failed("the server could not connect to \(destination): \(failure.detail)")
                done(refusal ?? .sessionGone)
                tunnel.closeLocal()
            }
        })
    }

    /// Reads a SOCKS client's handshake and acts on it.
    private func readSOCKS(_ client: WorkerSOCKSClient) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 512)
        let count = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return false }
        guard count > 0 else {
            client.close()
            socksClients[client.id] = nil
            return true
        }
        var step = client.negotiation.receive(chunk[0..<count])
        // A client may send its request right behind its greeting, in one segment.
        while case .send(let reply) = step {
            guard client.send(reply) else {
                dropSOCKS(client, "the client does not read its replies")
                return true
            }
            step = client.negotiation.receive([])
        }
        switch step {
        case .needMore, .send:
            break
        case .refuse(let reply, let reason):
            _ = client.send(reply)
            dropSOCKS(client, reason)
        case .connect(let host, let port, let leftover):
            // The socket is the tunnel's from here; it is not read until the channel opened.
            client.connecting = true
            socksClients[client.id] = nil
            let descriptor = client.release()
            let negotiation = client.negotiation
            var succeeded = negotiation
            openForwardedChannel(descriptor: descriptor, to: host, port: port, via: client.listener, meter: client.meter,
                                 toClient: succeeded.reply(failure: nil), leftover: leftover) { fault in
                guard let fault else { return }
                // Answered before the socket closes, so the client learns why.
                var failed = negotiation
                let reply = failed.reply(failure: Self.socksFailure(for: fault))
                _ = reply.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
        }
        return true
    }

    private func dropSOCKS(_ client: WorkerSOCKSClient, _ reason: String) {
        logger.info("\(label): SOCKS client on \(client.listener) closed: \(reason)")
        client.meter.failed("a SOCKS client was refused: \(reason)")
        client.close()
        socksClients[client.id] = nil
    }

    /// Takes every channel the server opened for a remote rule (each accept reads the socket
    /// dry first) and connects each to the target. A burst of connections on the server comes
    /// as a burst of channel opens, all read at once: taken one at a time, or a few a pass,
    /// they would wait in libssh2's queue while more arrive.
    func acceptRemote(_ listener: WorkerListener) throws -> Bool {
        guard let remoteListener = listener.remote, let target = listener.target else { return false }
        // What the socket holds now is read by the accepts below: an operation's answer or a
        // channel's data among it, so the loop must look again before it sleeps.
        var progress = sessionSocketIsReadable()
        didRead = true
        // Bounded, so a server that never stops opening channels cannot hold the loop.
        for _ in 0..<Int(SSH2Session.pendingForwardedChannels) {
            switch try check(remoteListener.accept(), resumption: .listener(listener.id), doing: "accepting on \(listener.endpoint)") {
            case .done(let channel):
                progress = true
                connectRemoteChannel(channel, to: target, from: listener)
                if !listener.isAccepting(at: .now) { return progress }
            case .wouldBlock:
                return progress
            case .failed(let fault):
                logger.info("\(label): accepting on the server at \(listener.endpoint) failed: \(describe("accepting", fault))")
                return progress
            }
        }
        return progress
    }

    /// Starts a non-blocking connect to the remote rule's target; the tunnel waits for it.
    private func connectRemoteChannel(_ channel: any WorkerTransportChannel, to target: SocketAddress, from listener: WorkerListener) {
        let destination = Self.endpoint(target.host, target.port)
        let descriptor = socket(target.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let tunnel = WorkerTunnel(id: nextIdentifier(), destination: destination, localDescriptor: descriptor)
        tunnel.remote = channel
        tunnels[tunnel.id] = tunnel
        tunnel.meterOpened(on: listener.meter)
        guard descriptor >= 0 else {
            let code = errno
            couldNotTake(on: listener, code: code, doing: "opening a socket to \(destination)")
            beginClosing(tunnel)
            return
        }
        setNoDelay(descriptor)
        if target.withSockaddr({ Glibc.connect(descriptor, $0, $1) }) != 0 {
            guard errno == EINPROGRESS else {
                let reason = Self.errorText()
                logger.info("\(label): connecting \(listener.endpoint) on the server to \(destination) failed: \(reason)")
                listener.meter.failed("connecting to \(destination) failed: \(reason)")
                beginClosing(tunnel)
                return
            }
            tunnel.connecting = true
        }
        logger.debug("\(label): forwarded connection \(tunnel.id) from the server's \(listener.endpoint) to \(destination)")
    }

    /// Whether a remote rule's connect has finished (and succeeded); a failed one closes the
    /// tunnel.
    func finishConnecting(_ tunnel: WorkerTunnel) -> Bool {
        var descriptor = pollfd(fd: tunnel.localDescriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return false }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(tunnel.localDescriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        tunnel.connecting = false
        guard error == 0 else {
            let reason = String(cString: strerror(error))
            logger.info("\(label): connecting to \(tunnel.destination) failed: \(reason)")
            tunnel.meter?.failed("connecting to \(tunnel.destination) failed: \(reason)")
            tunnel.closeLocal()
            return true
        }
        return true
    }

    /// A connection on `listener` could not be taken: accepting it, or opening the socket a
    /// remote rule's channel needs, failed with `code`. The listener pauses (`AcceptBackoff`),
    /// a want of descriptors is counted, and a line is logged (and reported to the meter's
    /// reader) at most once a second, however often it fails.
    private func couldNotTake(on listener: WorkerListener, code: Int32, doing what: String) {
        let reason = String(cString: strerror(code))
        if code == EMFILE || code == ENFILE {
            listener.meter.ranOutOfDescriptors("\(what) failed: \(reason)")
        } else {
            listener.meter.failed("\(what) failed: \(reason)")
        }
        guard let count = listener.backoff.failed(at: .now) else { return }
        let times = count == 1 ? "once" : "\(count) times"
        let retry = AcceptBackoff.pause.secondsText
        logger.warning("\(label): forwarding on \(listener.endpoint): \(what) failed: \(reason) (\(times) since the last line); new connections wait, tried again every \(retry)")
        if code == EMFILE || code == ENFILE { listener.meter.reportShortage() }
    }

    /// Whether the session socket holds bytes not read yet (false for a test's transport
    /// without a socket).
    private func sessionSocketIsReadable() -> Bool {
        guard let descriptor = transport?.socketDescriptor, descriptor >= 0 else { return false }
        var socket = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&socket, 1, 0) == 1 && socket.revents & Int16(POLLIN) != 0
    }

    // MARK: - Helpers

    /// The SOCKS reply for a channel the server would not open. libssh2 1.10 passes on the
    /// reason code, not the server's text: OpenSSH answers "connect failed" both for a refused
    /// port and for a name it cannot resolve.
    static func socksFailure(for fault: SSH2Fault) -> SOCKSNegotiation.Failure {
        let message = fault.message.lowercased()
        if message.contains("prohibited") { return .notAllowed }
        if message.contains("connect failed") { return .refused }
        if message.contains("unreachable") { return .hostUnreachable }
        return .general
    }

    private func setNoDelay(_ descriptor: Int32) {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func endpoint(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
