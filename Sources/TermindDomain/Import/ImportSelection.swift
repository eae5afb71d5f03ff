/// What the person picked from a preview: everything new (`all`), or items by label or 1-based
/// index per list, and whether to take the Known Hosts. Turned into an `ImportPlan` by the
/// selection rules.
public struct ImportSelection: Sendable, Equatable {
    public var all: Bool
    /// Host aliases or indexes.
    public var hosts: [String]
    /// Identity labels or indexes.
    public var identities: [String]
    /// Key labels, paths or indexes.
    public var keys: [String]
    /// Every new Known Host.
    public var knownHosts: Bool

    public init(all: Bool = false, hosts: [String] = [], identities: [String] = [], keys: [String] = [], knownHosts: Bool = false) {
        self.all = all
        self.hosts = hosts
        self.identities = identities
        self.keys = keys
        self.knownHosts = knownHosts
    }

    public var isEmpty: Bool { !all && hosts.isEmpty && identities.isEmpty && keys.isEmpty && !knownHosts }
}
