import Synchronization
import TermindApplication
import TermindDomain

/// An `SSHConnector` in memory: records every plan and context it is given and, like the real
/// one, checks `offering` (when set) through the context's trust before "authenticating", so a
/// test sees questions, saved keys and refusals as a connection would cause them. Connections
/// are `InertConnection`s; `failing` makes every attempt fail after the host-key check.
public final class RecordingConnector: SSHConnector {
    /// One call: the plan, the context, and whether it was `offeredHostKey`.
    public struct Attempt: Sendable {
        public let plan: ConnectionPlan
        public let context: ConnectionContext
        public let probeOnly: Bool
    }

    public let offering: HostKey?
    public let failing: SSHFailure.Kind?
    private let attempts = Mutex<[Attempt]>([])

    public init(offering: HostKey? = nil, failing: SSHFailure.Kind? = nil) {
        self.offering = offering
        self.failing = failing
    }

    /// Every call so far, oldest first.
    public var calls: [Attempt] { attempts.withLock { $0 } }

    public func connect(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> any SSHConnection {
        attempts.withLock { $0.append(Attempt(plan: plan, context: context, probeOnly: false)) }
        try await checkHostKey(plan, context)
        if let failing { throw SSHFailure(failing, connection: plan.label, detail: "refused by the recording connector") }
        return InertConnection(label: plan.label)
    }

    public func offeredHostKey(_ plan: ConnectionPlan, using context: ConnectionContext) async throws -> HostKey {
        attempts.withLock { $0.append(Attempt(plan: plan, context: context, probeOnly: true)) }
        guard let offering else { throw SSHFailure(.connect, connection: plan.label, detail: "no host key to offer") }
        return offering
    }

    private func checkHostKey(_ plan: ConnectionPlan, _ context: ConnectionContext) async throws {
        guard let offering else { return }
        try await context.trust.verify(
            offering, hostname: plan.hostname, port: plan.port, connectionLabel: plan.label, generation: context.generation)
    }
}
