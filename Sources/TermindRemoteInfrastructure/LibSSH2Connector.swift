import Foundation
import TermindApplication

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
        let chain = Self.chain(of: plan)
        let attempt = ConnectionAttempt()
        return try await withTaskCancellationHandler {
            var workers: [ConnectionWorker] = []
            do {
                for hop in chain {
                    if Task.isCancelled { throw ConnectionAttempt.cancellation(hop.label) }
                    let worker = try await HopAttempt(
                        plan: hop, context: context, agentSocketPath: agentSocketPath,
                        agentKeyLimit: Self.agentKeyLimit, logger: logger
                    ).open(through: workers.last, attempt: attempt)
                    workers.append(worker)
                }
            } catch {
                for worker in workers.reversed() { await worker.close() }
                throw SSHFailure.from(error, connection: plan.label)
            }
            return LibSSH2Connection(label: plan.label, target: workers[workers.count - 1], hops: Array(workers.dropLast()))
        } onCancel: {
            attempt.cancel()
        }
    }

    /// The hops to open in order, the target last: each jump's own jumps come before it.
    static func chain(of plan: ConnectionPlan) -> [ConnectionPlan] {
        plan.jumps.flatMap(chain(of:)) + [plan]
    }
}
