import Foundation

/// A call the policy asks the person about, as `termind mcp approvals` shows it: the exact
/// arguments (kept only while it waits) and their digest, which the approval is bound to.
public struct MCPPendingApproval: Sendable, Equatable, Codable {
    public let id: Int64
    public let requestedAt: Date
    public let agent: String
    public let tool: String
    public let host: String?
    public let argumentDigest: String
    /// The arguments as canonical JSON.
    public let arguments: String

    public init(
        id: Int64, requestedAt: Date, agent: String, tool: String, host: String?, argumentDigest: String, arguments: String
    ) {
        (self.id, self.requestedAt, self.agent, self.tool) = (id, requestedAt, agent, tool)
        (self.host, self.argumentDigest, self.arguments) = (host, argumentDigest, arguments)
    }
}
