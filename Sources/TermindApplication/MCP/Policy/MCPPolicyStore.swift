/// Where the policy's rules live (the Vault's SQLite in the product).
public protocol MCPPolicyStore: Sendable {
    func rules() async throws -> [MCPPolicyRule]
    /// Adds the rule, or replaces the decision of the rule with the same tool and scope.
    func set(_ rule: MCPPolicyRule) async throws
}
