/// What an import from a folder would write, before anything is written (docs/behaviour.md §6): indexed lists
/// of Hosts, Identities, Keys and Known Hosts, each with its status against the Vault, and what
/// was skipped and why. It holds paths, digests and public facts only — never private-key text
/// or a passphrase — so it can be shown, kept and turned into JSON freely.
///
/// Built in one pass by `init`, a pure function of what the folder held and the Vault snapshot.
/// A value; safe to pass between threads.
public struct ImportPreview: Sendable, Equatable {
    /// The folder that was read.
    public let folder: String
    public internal(set) var hosts: [ImportHostItem] = []
    public internal(set) var identities: [ImportIdentityItem] = []
    public internal(set) var keys: [ImportKeyItem] = []
    public internal(set) var knownHosts: [ImportKnownHostItem] = []
    public internal(set) var skipped: [ImportSkippedItem] = []

    /// Assembles the preview: numbers the items, pairs public key files with their keys, derives
    /// Identities from the hosts' (User, IdentityFile) pairs, resolves ProxyJump hops and gives
    /// every item its status against `vault`.
    ///
    /// - Parameters:
    ///   - keys: private key files, each with its status `.new` or `.cannotImport`.
    ///   - publicKeys: one-line public key files, by path.
    ///   - hosts: the config's hosts in the order declared.
    ///   - knownHosts: known_hosts records in file and line order.
    ///   - skipped: what was already set aside (by the folder walk, the config reader...).
    public init(
        folder: String, keys: [ImportKeyItem], publicKeys: [(path: String, line: PublicKeyLine)],
        hosts: [ImportHostItem], knownHosts: [ImportKnownHostItem], skipped: [ImportSkippedItem], vault: VaultSnapshot
    ) {
        self.folder = folder
        self.skipped = skipped
        assembleKeys(keys, publicKeys: publicKeys, vault: vault)
        assembleHosts(hosts, vault: vault)
        assembleKnownHosts(knownHosts, vault: vault)
    }

    /// The item with a 1-based `index`.
    public func host(_ index: Int) -> ImportHostItem { hosts[index - 1] }
    public func identity(_ index: Int) -> ImportIdentityItem { identities[index - 1] }
    public func key(_ index: Int) -> ImportKeyItem { keys[index - 1] }
    public func knownHost(_ index: Int) -> ImportKnownHostItem { knownHosts[index - 1] }

    /// Whether anything at all could be written.
    public var hasNewItems: Bool {
        hosts.contains { $0.status.isNew } || identities.contains { $0.status.isNew } || keys.contains { $0.status.isNew }
            || knownHosts.contains { $0.status.isNew }
    }
}
