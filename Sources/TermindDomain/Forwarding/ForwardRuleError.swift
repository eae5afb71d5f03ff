/// A forwarding rule that does not parse: the rule as given and what is wrong with it.
public struct ForwardRuleError: Error, Equatable, CustomStringConvertible {
    public let rule: String
    public let reason: String

    public init(rule: String, reason: String) {
        self.rule = rule
        self.reason = reason
    }

    public var description: String { "the forwarding rule '\(rule)' is not valid: \(reason)" }
}
