import Foundation

/// The rule for jump chains: every hop is a Host in the Vault, a Host never jumps through
/// itself, and following each hop's own chain never comes back (OpenSSH would loop forever).
public enum JumpChain {
    /// Checks `host`'s chain against the other Hosts (`hosts` may or may not contain `host`).
    public static func validate(_ host: Host, among hosts: [Host]) throws(VaultRuleViolation) {
        var byID = Dictionary(hosts.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        byID[host.id] = host
        var path: [UUID] = []
        try visit(host.id, byID: byID, path: &path)
    }

    /// Checks every chain of `checked` against `others` and each other in one pass (an import of
    /// thousands of Hosts): the lookup table is built once, not per Host.
    public static func validate(_ checked: [Host], among others: [Host]) throws(VaultRuleViolation) {
        var byID = Dictionary(others.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for host in checked { byID[host.id] = host }
        var path: [UUID] = []
        for host in checked { try visit(host.id, byID: byID, path: &path) }
    }

    /// The hops of `host` fully expanded, in the order connections are made (a hop's own chain
    /// comes before it). Assumes a validated chain.
    public static func expandedHops(of host: Host, among hosts: [Host]) -> [Host] {
        let byID = Dictionary(hosts.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var result: [Host] = []
        for hopID in host.jumpChain {
            guard let hop = byID[hopID] else { continue }
            result += expandedHops(of: hop, among: hosts) + [hop]
        }
        return result
    }

    private static func visit(_ id: UUID, byID: [UUID: Host], path: inout [UUID]) throws(VaultRuleViolation) {
        guard let host = byID[id] else { return }
        path.append(id)
        defer { path.removeLast() }
        for hopID in host.jumpChain {
            guard let hop = byID[hopID] else {
                throw .jumpHostMissing(host: host.label.rawValue, hop: hopID.uuidString)
            }
            if let start = path.firstIndex(of: hopID) {
                let cycle = (path[start...] + [hopID]).compactMap { byID[$0]?.label.rawValue }
                throw .jumpChainCycle(host: byID[path[0]]!.label.rawValue, cycle: cycle)
            }
            try visit(hop.id, byID: byID, path: &path)
        }
    }
}
