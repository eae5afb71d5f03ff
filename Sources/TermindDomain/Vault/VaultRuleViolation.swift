/// A Vault record that breaks a rule: what is wrong and, where it helps, what to do instead.
public enum VaultRuleViolation: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidLabel(String, reason: String)
    case invalidPort(Int)
    case invalidHostname(String, reason: String)
    case emptyUsername
    case duplicateLabel(kind: VaultRecordKind, label: String)
    /// The same pattern, key type, key and marker are already trusted.
    case knownHostExists(pattern: String, keyType: String)
    case missingRecord(kind: VaultRecordKind, label: String)
    case jumpHostMissing(host: String, hop: String)
    case jumpChainCycle(host: String, cycle: [String])
    /// A record others use cannot be removed without `--force` (which unbinds them).
    case recordInUse(kind: VaultRecordKind, label: String, usedBy: [String])
    /// A number setting outside what it may be (a keepalive, the metrics interval).
    case outOfRange(field: String, value: Int, range: ClosedRange<Int>, unit: String?)

    public var description: String {
        switch self {
        case .invalidLabel(let text, let reason):
            "'\(text)' is not a valid label: \(reason)"
        case .invalidPort(let value):
            "port \(value) is out of range: use 1 to 65535"
        case .invalidHostname(let text, let reason):
            "'\(text)' is not a valid hostname: \(reason)"
        case .emptyUsername:
            "an Identity needs a username: give one with --user"
        case .duplicateLabel(let kind, let label):
            "a \(kind.singular) labelled '\(label)' already exists; pick another label or edit that one"
        case .knownHostExists(let pattern, let keyType):
            "\(pattern) already trusts this \(keyType) key; 'termind known-hosts show \(pattern)' lists its records"
        case .missingRecord(let kind, let label):
            "no \(kind.singular) labelled '\(label)'; 'termind \(kind.command) list' shows them"
        case .jumpHostMissing(let host, let hop):
            "Host '\(host)' jumps through '\(hop)', which is not a Host in the Vault; add that Host first or fix --jump"
        case .jumpChainCycle(let host, let cycle):
            "Host '\(host)' has a jump chain that loops: \(cycle.joined(separator: " → ")); take one of those hops out"
        case .recordInUse(let kind, let label, let usedBy):
            "the \(kind.singular) '\(label)' is used by \(usedBy.joined(separator: ", ")); "
                + "rebind those first, or pass --force to unbind them"
        case .outOfRange(let field, let value, let range, let unit):
            "\(field) \(value) is out of range: use \(range.lowerBound) to \(range.upperBound)\(unit.map { " " + $0 } ?? "")"
        }
    }
}
