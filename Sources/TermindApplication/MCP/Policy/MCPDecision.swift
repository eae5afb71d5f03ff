/// What the policy says of a tool call: refuse it, ask the person, or run it.
public enum MCPDecision: String, Sendable, Codable, CaseIterable, Comparable {
    case deny, ask, approve

    /// Strictest first: where two tag rules disagree, the stricter one holds.
    private var strictness: Int {
        switch self {
        case .deny: 0
        case .ask: 1
        case .approve: 2
        }
    }

    public static func < (lhs: MCPDecision, rhs: MCPDecision) -> Bool { lhs.strictness < rhs.strictness }
}
