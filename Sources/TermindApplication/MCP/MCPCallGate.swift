import Foundation

/// Where every tool call passes: it is logged (with the summary, never the arguments) and,
/// when an audit log is given, recorded with its outcome. The place the approval policy
/// decides, so no tool can be called around it.
public struct MCPCallGate: Sendable {
    private let audit: (any MCPAuditLog)?
    private let logger: any Logger
    private let clock: @Sendable () -> Date

    public init(audit: (any MCPAuditLog)?, logger: any Logger, clock: @escaping @Sendable () -> Date = { Date() }) {
        (self.audit, self.logger, self.clock) = (audit, logger, clock)
    }

    func run(_ call: MCPCall, _ body: () async -> MCPToolResult) async -> MCPToolResult {
        let started = clock()
        logger.log(.info, "mcp: \(call.agent) calls \(call.tool.name) \(call.summary)")
        let result = await body()
        let outcome = result.isError ? "error: " + MCPSummary.bounded(result.text, limit: 200) : "ok"
        logger.log(.info, "mcp: \(call.tool.name) \(result.isError ? "failed" : "succeeded")")
        if let audit {
            let record = MCPAuditRecord(
                time: started, agent: call.agent, tool: call.tool.name, host: call.host, argumentDigest: call.argumentDigest,
                summary: call.summary, decision: .approved, decidedBy: "policy", outcome: outcome,
                bytes: Int64(result.text.utf8.count))
            do {
                try await audit.record(record)
            } catch {
                logger.log(.error, "mcp: the audit row for \(call.tool.name) could not be written: \(error)")
            }
        }
        return result
    }
}
