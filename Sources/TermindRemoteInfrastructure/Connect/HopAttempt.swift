import TermindApplication
import TermindDomain

/// Opens one hop of a connection (a jump host or the target) on a worker of its own: the socket
/// (TCP, or a `direct-tcpip` tunnel through the previous hop's worker), the handshake offering
/// the host key types already recorded first, the host-key check through `context.trust`
/// *before* any authentication request, then authentication. Each hop has its own check,
/// methods and interactions, labelled with its own plan's label.
///
/// Runs in the connecting task; the worker runs the libssh2 side.
struct HopAttempt: Sendable {
    let plan: ConnectionPlan
    let context: ConnectionContext
    let agentSocketPath: String?
    let agentKeyLimit: Int
    let logger: any Logger

    /// The hop's authenticated worker and the host key it was trusted with; on failure the
    /// worker is closed and an `SSHFailure` labelled with this hop is thrown.
    func open(through previous: ConnectionWorker?, attempt: ConnectionAttempt) async throws -> (worker: ConnectionWorker, hostKey: HostKey) {
        try await withWorker(attempt: attempt) { worker in
            let hostKey = try await handshake(worker, through: previous)
            // The trust decision comes before any authentication request (docs/behaviour.md §2).
            try await context.trust.verify(
                hostKey, hostname: plan.hostname, port: plan.port, connectionLabel: plan.label, generation: context.generation)
            try await HopAuthentication(
                plan: plan, context: context, worker: worker, agentSocketPath: agentSocketPath,
                agentKeyLimit: agentKeyLimit, logger: logger
            ).run()
            try await worker.run { $0.establish() }
            return (worker, hostKey)
        }
    }

    /// The host key this hop offers, read with a handshake and nothing more; the worker is
    /// closed before this returns.
    func offeredHostKey(through previous: ConnectionWorker?, attempt: ConnectionAttempt) async throws -> HostKey {
        let (worker, key) = try await withWorker(attempt: attempt) { worker in (worker, try await handshake(worker, through: previous)) }
        await worker.close()
        return key
    }

    /// The socket and the handshake, offering the key types already recorded for the host first.
    private func handshake(_ worker: ConnectionWorker, through previous: ConnectionWorker?) async throws -> HostKey {
        try await connectSocket(worker, through: previous)
        let preferred = await context.trust.preferredAlgorithms(hostname: plan.hostname, port: plan.port)
        let timeout = context.connectTimeout
        return try await worker.run { try $0.handshake(preferring: preferred, timeout: timeout) }
    }

    /// Runs `body` with a new worker for this hop; when it throws, the worker is closed and
    /// the failure labelled with this hop.
    private func withWorker<T>(
        attempt: ConnectionAttempt, _ body: (ConnectionWorker) async throws -> T
    ) async throws -> T {
        let worker: ConnectionWorker
        do {
            worker = try ConnectionWorker(
                label: plan.label, ioTimeout: context.ioTimeout, keepalive: plan.keepalive, logger: logger)
        } catch {
            throw SSHFailure.from(error, connection: plan.label)
        }
        attempt.add(worker)
        do {
            return try await body(worker)
        } catch {
            // An abort (cancellation) says best why the step failed.
            var failure = SSHFailure.from(error, connection: plan.label)
            if case .failed(let reason) = worker.ending ?? .closed, reason.kind == .cancelled { failure = reason }
            if attempt.isCancelled { failure = ConnectionAttempt.cancellation(plan.label) }
            await worker.close()
            throw failure
        }
    }

    private func connectSocket(_ worker: ConnectionWorker, through previous: ConnectionWorker?) async throws {
        let hostname = plan.hostname, port = plan.port
        guard let previous else {
            let timeout = context.connectTimeout
            try await worker.run { try $0.connect(host: hostname, port: port, connectTimeout: timeout) }
            return
        }
        let descriptor: Int32
        do {
            descriptor = try await previous.request { loop, continuation in
                loop.openTunnel(to: hostname, port: port, continuation: continuation)
            }
        } catch {
            let cause = SSHFailure.from(error, connection: previous.label)
            throw SSHFailure(cause.kind, connection: plan.label, detail: "through the jump host \(previous.label): \(cause.detail)")
        }
        let handoff = DescriptorHandoff(descriptor)
        defer { handoff.closeIfUntaken() }
        try await worker.run { loop in
            guard let descriptor = handoff.take() else { return }
            try loop.connect(descriptor: descriptor, host: hostname, port: port)
        }
    }
}
