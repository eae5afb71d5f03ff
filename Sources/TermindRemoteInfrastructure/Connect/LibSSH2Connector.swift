import Foundation
import TermindApplication
import TermindDomain

/// The `SSHConnector` over libssh2 1.10: each connection (and each hop of a jump chain) gets a
/// `ConnectionWorker` thread; see `HopAttempt` for one hop and `HopAuthentication` for the
/// order of methods. Cancelling the connecting task aborts every hop at once.
///
/// The command line constructs one (`LibSSH2Connector(logger:)`) and hands it to whatever needs
/// connections. A value; `Sendable`.
public struct LibSSH2Connector: SSHConnector {
    /// How many ssh-agent keys are tried at most, so the server's `MaxAuthTries` (6 by
    /// default) is not spent before password and keyboard-interactive.
    public static let agentKeyLimit = 3

    private let logger: any Logger
    private let agentSocketPath: String?

    /// - Parameters:
    ///   - logger: where connection steps are logged (never a secret).
    ///   - agentSocketPath: the ssh-agent socket; by default `SSH_AUTH_SOCK`. nil: no agent.
    public init(
        logger: any Logger = NullLogger(),
        agentSocketPath: String? = ProcessInfo.processInfo.environment["SSH_AUTH_SOCK"]
    ) {
        self.logger = logger
        self.agentSocketPath = agentSocketPath
    }

    public func connect(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> any SSHConnection {
        SSH2Library.reportOnce(to: logger)
        return try await throughChain(of: plan, using: context) { target, hops, attempt in
            let (worker, hostKey) = try await hop(target, context).open(through: hops.last, attempt: attempt)
            return LibSSH2Connection(
                label: plan.label, target: worker, hops: hops, hostKey: hostKey, requestTimeout: context.requestTimeout)
        }
    }

    public func offeredHostKey(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> HostKey {
        try await throughChain(of: plan, using: context) { target, hops, attempt in
            let key = try await hop(target, context).offeredHostKey(through: hops.last, attempt: attempt)
            for worker in hops.reversed() { await worker.close() }
            return key
        }
    }

    private func hop(_ plan: ConnectionPlan, _ context: ConnectionContext) -> HopAttempt {
        HopAttempt(plan: plan, context: context, agentSocketPath: agentSocketPath, agentKeyLimit: Self.agentKeyLimit, logger: logger)
    }

    /// Opens the jump hosts of `plan` in order (each checked and authenticated), then runs
    /// `reachTarget` with them; if anything fails, what was opened is closed. Cancelling the
    /// calling task aborts every hop at once.
    private func throughChain<T>(
        of plan: ConnectionPlan, using context: ConnectionContext,
        _ reachTarget: (ConnectionPlan, [ConnectionWorker], ConnectionAttempt) async throws -> T
    ) async throws -> T {
        let chain = Self.chain(of: plan)
        let attempt = ConnectionAttempt()
        return try await withTaskCancellationHandler {
            var workers: [ConnectionWorker] = []
            do {
                for hopPlan in chain.dropLast() {
                    if Task.isCancelled { throw ConnectionAttempt.cancellation(hopPlan.label) }
                    workers.append(try await hop(hopPlan, context).open(through: workers.last, attempt: attempt).worker)
                }
                if Task.isCancelled { throw ConnectionAttempt.cancellation(plan.label) }
                return try await reachTarget(plan, workers, attempt)
            } catch {
                for worker in workers.reversed() { await worker.close() }
                throw SSHFailure.from(error, connection: plan.label)
            }
        } onCancel: {
            attempt.cancel()
        }
    }

    /// The hops to open in order, the target last: each jump's own jumps come before it.
    static func chain(of plan: ConnectionPlan) -> [ConnectionPlan] {
        plan.jumps.flatMap(chain(of:)) + [plan]
    }
}
