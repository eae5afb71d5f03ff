/// A forwarding rule kept on a Host, with whether it runs: `enabled` is the person's local
/// choice, kept when the rule is imported again.
public struct HostForward: Sendable, Hashable, Codable {
    public var rule: ForwardRule
    public var enabled: Bool

    public init(rule: ForwardRule, enabled: Bool = true) {
        self.rule = rule
        self.enabled = enabled
    }
}
