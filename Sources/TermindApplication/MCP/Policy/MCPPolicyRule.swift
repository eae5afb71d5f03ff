import Foundation

/// One stored rule: a tool's decision on one Host or on every Host with a tag.
public struct MCPPolicyRule: Sendable, Equatable, Codable {
    public enum Scope: Sendable, Equatable, Codable {
        case host(UUID)
        case tag(String)
    }

    public let tool: String
    public let scope: Scope
    public let decision: MCPDecision

    public init(tool: String, scope: Scope, decision: MCPDecision) {
        (self.tool, self.scope, self.decision) = (tool, scope, decision)
    }
}
