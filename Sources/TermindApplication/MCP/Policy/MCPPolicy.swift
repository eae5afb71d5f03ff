import TermindDomain

/// Which decision holds for a call: a rule for the Host itself, else the strictest rule among
/// the Host's tags, else the default: Approve for a read-only tool, Ask for any other (the
/// design note's rule for new tools). Pure: the rules are read by the caller.
public enum MCPPolicy {
    public static func defaultDecision(for tool: MCPToolDefinition) -> MCPDecision {
        tool.annotations.readOnly && !tool.annotations.destructive ? .approve : .ask
    }

    public static func decide(_ tool: MCPToolDefinition, on host: TermindDomain.Host?, rules: [MCPPolicyRule]) -> MCPDecision {
        let mine = rules.filter { $0.tool == tool.name }
        guard let host else { return defaultDecision(for: tool) }
        if let own = mine.first(where: { $0.scope == .host(host.id) }) { return own.decision }
        let tagged = mine.filter { rule in
            if case .tag(let tag) = rule.scope { return host.tags.contains(tag) }
            return false
        }
        return tagged.map(\.decision).min() ?? defaultDecision(for: tool)
    }
}
