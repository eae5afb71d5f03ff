import Foundation

/// One row of `termind mcp audit`: a tool call, who decided it and how it ended. Never file
/// contents, command arguments or secrets: the summary is `MCPSummary`'s.
public struct MCPAuditRecord: Sendable, Equatable, Codable {
    public enum Decision: String, Sendable, Codable { case approved, denied }

    public let time: Date
    public let agent: String
    public let tool: String
    public let host: String?
    public let argumentDigest: String
    public let summary: String
    public let decision: Decision
    /// `policy`, or who answered an Ask.
    public let decidedBy: String
    /// `ok`, or `error: ` and the bounded message.
    public let outcome: String
    /// The result's size as sent to the agent.
    public let bytes: Int64

    public init(
        time: Date, agent: String, tool: String, host: String?, argumentDigest: String, summary: String, decision: Decision,
        decidedBy: String, outcome: String, bytes: Int64
    ) {
        (self.time, self.agent, self.tool, self.host) = (time, agent, tool, host)
        (self.argumentDigest, self.summary, self.decision, self.decidedBy) = (argumentDigest, summary, decision, decidedBy)
        (self.outcome, self.bytes) = (outcome, bytes)
    }
}
