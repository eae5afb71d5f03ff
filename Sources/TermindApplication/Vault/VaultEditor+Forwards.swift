import TermindDomain

extension VaultEditor {
    /// Adds, removes and turns on or off a Host's forwarding rules. A rule added again keeps
    /// its place and its enabled flag; one removed, enabled or disabled must be there.
    static func applyForwards(_ fields: HostFields, to host: inout Host) throws {
        for rule in fields.addForwards where !host.forwards.contains(where: { $0.rule == rule }) {
            host.forwards.append(HostForward(rule: rule))
        }
        func index(of rule: ForwardRule) throws -> Int {
            guard let index = host.forwards.firstIndex(where: { $0.rule == rule }) else {
                throw ForwardRuleError(rule: rule.stored, reason: "the Host \(host.label.rawValue) has no such rule "
                    + "(it has: \(host.forwards.map(\.rule.stored).joined(separator: ", ")))")
            }
            return index
        }
        for rule in fields.removeForwards { host.forwards.remove(at: try index(of: rule)) }
        for rule in fields.enableForwards { host.forwards[try index(of: rule)].enabled = true }
        for rule in fields.disableForwards { host.forwards[try index(of: rule)].enabled = false }
    }
}
