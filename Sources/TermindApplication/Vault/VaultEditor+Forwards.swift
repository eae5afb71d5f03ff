import TermindDomain

extension VaultEditor {
    /// Adds, removes and turns on or off a Host's forwarding rules. A rule added again keeps
    /// its place and its enabled flag; one removed, enabled or disabled must be there.
    static func applyForwards(_ fields: HostFields, to host: inout TermindDomain.Host) throws {
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

    /// Adds, changes or removes one of the Host's forwarding rules, on the Host as the Vault
    /// has it at the write (in the store's one transaction): what another termind changed
    /// meanwhile stays. Refuses (`ForwardChangeRefused`) when the rule to change is gone or the
    /// rule to write is there already.
    @discardableResult
    public func changeForward(of label: String, _ change: ForwardChange) async throws -> TermindDomain.Host {
        try await store.update { snapshot in
            guard var host = snapshot.host(label) else { throw VaultRuleViolation.missingRecord(kind: .host, label: label) }
            try Self.apply(change, to: &host)
            return VaultUpdate([.save(.host(host))], returning: host)
        }
    }

    static func apply(_ change: ForwardChange, to host: inout TermindDomain.Host) throws(ForwardChangeRefused) {
        let before = host
        func index(of rule: ForwardRule) throws(ForwardChangeRefused) -> Int {
            guard let index = before.forwards.firstIndex(where: { $0.rule == rule }) else { throw .gone(rule, host: before) }
            return index
        }
        func checkAbsent(_ rule: ForwardRule) throws(ForwardChangeRefused) {
            if before.forwards.contains(where: { $0.rule == rule }) { throw .present(rule, host: before) }
        }
        switch change {
        case .add(let rule):
            try checkAbsent(rule)
            host.forwards.append(HostForward(rule: rule))
        case .replace(let old, let new):
            let at = try index(of: old)
            if new != old { try checkAbsent(new) }
            host.forwards[at].rule = new
        case .remove(let rule):
            host.forwards.remove(at: try index(of: rule))
        }
    }
}
