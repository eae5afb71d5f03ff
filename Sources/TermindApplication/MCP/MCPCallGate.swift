import Foundation
import TermindDomain

/// Where every tool call passes, so no tool can be called around it: the policy decides
/// (Deny, Ask, Approve for the tool on the call's Host), the call is logged with its summary
/// (never its arguments), and, with an audit log, recorded with its decision and outcome.
///
/// Ask puts the call up for the person (`MCPApprovals`: `termind mcp approve ID` from any
/// terminal) and waits at most `approvalWait`; unanswered, it is withdrawn and denied with a
/// message the agent can show its person.
public struct MCPCallGate: Sendable {
    public typealias Wait = @Sendable (Duration) async -> Void

    private let vault: (any VaultStore)?
    private let policy: (any MCPPolicyStore)?
    private let audit: (any MCPAuditLog)?
    private let approvals: (any MCPApprovals)?
    private let approvalWait: Duration
    private let wait: Wait
    private let logger: any Logger
    private let clock: @Sendable () -> Date

    public init(
        vault: (any VaultStore)? = nil, policy: (any MCPPolicyStore)? = nil, audit: (any MCPAuditLog)?,
        approvals: (any MCPApprovals)? = nil,
        approvalWait: Duration = .seconds(30), wait: @escaping Wait = { try? await Task.sleep(for: $0) },
        logger: any Logger, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        (self.vault, self.policy, self.audit, self.logger, self.clock) = (vault, policy, audit, logger, clock)
        (self.approvalWait, self.wait, self.approvals) = (approvalWait, wait, approvals)
    }

    func run(_ call: MCPCall, _ body: () async -> MCPToolResult) async -> MCPToolResult {
        let started = clock()
        logger.log(.info, "mcp: \(call.agent) calls \(call.tool.name) \(call.summary)")
        var decision = await decide(call)
        var decidedBy = "policy"
        if decision == .ask {
            let answer = await ask(call, at: started)
            (decision, decidedBy) = switch answer {
            case .approved(let person)?: (.approve, person)
            case .denied(let person)?: (.deny, person)
            case nil: (.ask, "no answer within \(approvalWait.components.seconds) s")
            }
        }
        let result: MCPToolResult
        switch decision {
        case .approve:
            result = await body()
        case .deny where decidedBy != "policy":
            result = .failure("Denied: the person denied \(call.tool.name) on \(call.shownHost ?? "this Host").")
        case .deny:
            result = .failure(
                "Denied: Termind's policy denies \(call.tool.name) on \(call.shownHost ?? "this Host"). "
                    + "The person can change it with: termind mcp policy set \(call.tool.name) --host \(call.shownHost ?? "HOST") approve")
        case .ask:
            result = .failure(
                "Denied: \(call.tool.name) on \(call.shownHost ?? "this Host") needs the person's approval (policy Ask) and none came "
                    + "within \(approvalWait.components.seconds) s. The person can answer from a terminal with termind mcp approvals "
                    + "and termind mcp approve ID, or allow it for good with: "
                    + "termind mcp policy set \(call.tool.name) --host \(call.shownHost ?? "HOST") approve")
        }
        let outcome = result.isError ? "error: " + MCPSummary.bounded(result.text, limit: 200) : "ok"
        logger.log(.info, "mcp: \(call.tool.name) \(decision.rawValue): \(result.isError ? "failed" : "succeeded")")
        if let audit {
            let record = MCPAuditRecord(
                time: started, agent: call.agent, tool: call.tool.name, host: call.shownHost, argumentDigest: call.argumentDigest,
                summary: call.summary, decision: decision == .approve ? .approved : .denied,
                decidedBy: decidedBy,
                outcome: outcome, bytes: Int64(result.text.utf8.count))
            do {
                try await audit.record(record)
            } catch {
                logger.log(.error, "mcp: the audit row for \(call.tool.name) could not be written: \(error)")
            }
        }
        return result
    }

    /// The person's answer, or nil when none came within `approvalWait` (then the request is
    /// withdrawn, so a late `approve` finds nothing to approve).
    private func ask(_ call: MCPCall, at time: Date) async -> MCPApprovalAnswer? {
        guard let approvals else {
            await wait(approvalWait)
            return nil
        }
        do {
            let id = try await approvals.request(call, arguments: call.argumentsText, at: time)
            logger.log(.notice, "mcp: \(call.tool.name) on \(call.shownHost ?? "-") waits for the person's approval (request \(id))")
            if let answer = try await approvals.answer(to: id, within: approvalWait) { return answer }
            return try await approvals.withdraw(id)
        } catch {
            logger.log(.error, "mcp: the approval request for \(call.tool.name) failed: \(error)")
            return nil
        }
    }

    /// Without a policy store, every call is approved (tests of the protocol alone). A policy
    /// that cannot be read denies: the boundary fails closed.
    private func decide(_ call: MCPCall) async -> MCPDecision {
        guard let policy else { return .approve }
        do {
            let rules = try await policy.rules()
            var host: TermindDomain.Host?
            if let label = call.host, let vault {
                host = try await vault.snapshot().hosts.first { $0.label.rawValue == label }
                // Not a Vault Host: the tools reach none but the Vault's, so the call can only
                // fail, saying which labels there are; asking the person would only delay that.
                if host == nil { return .approve }
            }
            return MCPPolicy.decide(call.tool, on: host, rules: rules)
        } catch {
            logger.log(.error, "mcp: the policy could not be read, denying \(call.tool.name): \(error)")
            return .deny
        }
    }
}
