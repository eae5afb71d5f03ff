import Foundation

/// A selection checked against the rules of docs/behaviour.md §6 and resolved to what commit writes: which
/// Keys, which Identities with which Key, which Hosts bound to which Identity and jumping through
/// which Hosts, which Known Hosts — plus notes on what was left out and why.
///
/// The rules: only `.new` items are written (naming an item already in the Vault writes nothing);
/// an imported Identity requires its Key, selected or in the Vault; a Host binds to an Identity
/// in the Vault or a selected imported one (the first of its IdentityFiles that is), else stays
/// unbound; selecting a Host never selects an Identity or Key; a ProxyJump hop becomes part of the
/// chain only when it is a Host in the Vault or selected too, and a chain that cannot be built whole
/// (or loops) is left empty. Hosts come ordered so that hops precede the Hosts that use them.
public struct ImportPlan: Sendable, Equatable {
    /// A Vault record, or a preview item (by `index`) written in the same commit.
    public enum Reference: Sendable, Hashable {
        case vault(UUID)
        case item(Int)
    }

    public struct IdentityChoice: Sendable, Equatable {
        public let index: Int
        public let key: Reference

        public init(index: Int, key: Reference) {
            self.index = index
            self.key = key
        }
    }

    public struct HostChoice: Sendable, Equatable {
        public let index: Int
        public let identity: Reference?
        public let jumps: [Reference]

        public init(index: Int, identity: Reference?, jumps: [Reference]) {
            self.index = index
            self.identity = identity
            self.jumps = jumps
        }
    }

    public private(set) var keys: [Int] = []
    public private(set) var identities: [IdentityChoice] = []
    public private(set) var hosts: [HostChoice] = []
    public private(set) var knownHosts: [Int] = []
    public private(set) var notes: [String] = []

    public var isEmpty: Bool { keys.isEmpty && identities.isEmpty && hosts.isEmpty && knownHosts.isEmpty }

    /// - Parameter passphrasesAvailable: whether commit may ask for key passphrases; without,
    ///   encrypted PEM keys cannot be read.
    public init(
        _ selection: ImportSelection, in preview: ImportPreview, passphrasesAvailable: Bool
    ) throws(ImportSelectionError) {
        try chooseKeys(selection, preview, passphrasesAvailable: passphrasesAvailable)
        try chooseIdentities(selection, preview)
        try chooseHosts(selection, preview)
        knownHosts = (selection.all || selection.knownHosts) ? preview.knownHosts.filter { $0.status.isNew }.map(\.index) : []
    }

    // MARK: Keys and Identities

    private mutating func chooseKeys(
        _ selection: ImportSelection, _ preview: ImportPreview, passphrasesAvailable: Bool
    ) throws(ImportSelectionError) {
        var chosen: [Int] = []
        for name in selection.keys {
            let item = try Self.find(name, .key, in: preview.keys, named: { [$0.label, $0.path] }, index: \.index)
            if try take(item.status, .key, item.label) {
                if item.needsPassphrase && !passphrasesAvailable { throw .keyNeedsPassphrase(key: item.label) }
                chosen.append(item.index)
            }
        }
        if selection.all {
            for item in preview.keys where item.status.isNew {
                if item.needsPassphrase && !passphrasesAvailable {
                    notes.append(
                        "Key '\(item.label)' left out: an encrypted PEM key is read only with its passphrase (--ask-passphrases)")
                } else {
                    chosen.append(item.index)
                }
            }
        }
        keys = Self.unique(chosen)
    }

    private mutating func chooseIdentities(_ selection: ImportSelection, _ preview: ImportPreview) throws(ImportSelectionError) {
        for name in selection.identities {
            let item = try Self.find(name, .identity, in: preview.identities, named: { [$0.label] }, index: \.index)
            guard try take(item.status, .identity, item.label) else { continue }
            guard let key = keyReference(of: item, preview) else {
                throw .identityNeedsKey(identity: item.label, key: preview.key(item.keyIndex).label)
            }
            append(IdentityChoice(index: item.index, key: key))
        }
        guard selection.all else { return }
        for item in preview.identities where item.status.isNew {
            if let key = keyReference(of: item, preview) {
                append(IdentityChoice(index: item.index, key: key))
            } else {
                notes.append("Identity '\(item.label)' left out: its Key '\(preview.key(item.keyIndex).label)' is not imported")
            }
        }
    }

    private mutating func append(_ choice: IdentityChoice) {
        if !identities.contains(where: { $0.index == choice.index }) { identities.append(choice) }
    }

    private func keyReference(of identity: ImportIdentityItem, _ preview: ImportPreview) -> Reference? {
        let key = preview.key(identity.keyIndex)
        if let id = key.existingKeyID { return .vault(id) }
        return keys.contains(key.index) ? .item(key.index) : nil
    }

    // MARK: Hosts

    private mutating func chooseHosts(_ selection: ImportSelection, _ preview: ImportPreview) throws(ImportSelectionError) {
        var chosen: [Int] = []
        for name in selection.hosts {
            let item = try Self.find(name, .host, in: preview.hosts, named: { [$0.alias] }, index: \.index)
            if try take(item.status, .host, item.alias) { chosen.append(item.index) }
        }
        if selection.all { chosen += preview.hosts.filter { $0.status.isNew }.map(\.index) }
        chosen = Self.unique(chosen)
        let selected = Set(chosen)

        var jumps: [Int: [Reference]] = [:]
        for index in chosen {
            let item = preview.host(index)
            guard let targets = item.hopTargets else {
                notes += item.notes.map { "Host '\(item.alias)': \($0)" }
                jumps[index] = []
                continue
            }
            var chain: [Reference] = []
            for (hop, target) in zip(item.proxyJump, targets) {
                guard let reference = Self.hopReference(target, selected: selected, preview) else {
                    notes.append("Host '\(item.alias)' is imported without its jump chain: its hop '\(hop)' "
                        + "is neither in the Vault nor selected")
                    chain = []
                    break
                }
                chain.append(reference)
            }
            jumps[index] = chain
        }
        let ordered = orderHopsFirst(chosen, jumps: &jumps, preview)
        hosts = ordered.map { index in
            HostChoice(index: index, identity: identityReference(of: preview.host(index), preview), jumps: jumps[index] ?? [])
        }
    }

    /// A hop in the Vault, or one imported now; nil when it is neither.
    private static func hopReference(_ target: ImportHopTarget, selected: Set<Int>, _ preview: ImportPreview) -> Reference? {
        switch target {
        case .vault(let id): return .vault(id)
        case .item(let index):
            if let id = preview.host(index).existingHostID { return .vault(id) }
            return selected.contains(index) ? .item(index) : nil
        }
    }

    /// The Identity a Host binds to: the first of its pairs in the Vault or imported now.
    private mutating func identityReference(of host: ImportHostItem, _ preview: ImportPreview) -> Reference? {
        for index in host.identityIndexes {
            let identity = preview.identity(index)
            if let id = identity.existingIdentityID { return .vault(id) }
            if identities.contains(where: { $0.index == index }) { return .item(index) }
        }
        if let first = host.identityIndexes.first {
            notes.append("Host '\(host.alias)' is imported without an Identity: its Identity '\(preview.identity(first).label)' "
                + "is neither in the Vault nor selected")
        }
        return nil
    }

    /// Depth-first, hops before the Hosts that jump through them; a loop (a ProxyJump b, b
    /// ProxyJump a) empties the chains on it, as OpenSSH would never connect.
    private mutating func orderHopsFirst(_ chosen: [Int], jumps: inout [Int: [Reference]], _ preview: ImportPreview) -> [Int] {
        var ordered: [Int] = []
        var state: [Int: Bool] = [:]  // false: on the current path, true: done
        func visit(_ index: Int, path: [Int]) {
            if state[index] == true { return }
            if state[index] == false {
                let loop = (path.drop { $0 != index } + [index]).map { preview.host($0).alias }
                for member in path.drop(while: { $0 != index }) where !(jumps[member] ?? []).isEmpty {
                    jumps[member] = []
                    notes.append("Host '\(preview.host(member).alias)' is imported without its jump chain: "
                        + "ProxyJump loops (\(loop.joined(separator: " → ")))")
                }
                return
            }
            state[index] = false
            for case .item(let hop) in jumps[index] ?? [] { visit(hop, path: path + [index]) }
            state[index] = true
            ordered.append(index)
        }
        for index in chosen { visit(index, path: []) }
        return ordered
    }

    // MARK: Names

    /// Whether to write an item named explicitly: new yes, already in the Vault no (noted),
    /// anything else is an error.
    private mutating func take(_ status: ImportStatus, _ kind: VaultRecordKind, _ name: String) throws(ImportSelectionError) -> Bool {
        switch status {
        case .new: return true
        case .existing(let label):
            notes.append("\(kind.singular) '\(name)' is already in the Vault as '\(label)': nothing to write")
            return false
        case .conflict, .cannotImport:
            throw .notImportable(kind: kind, name: name, status: status)
        }
    }

    private static func find<Item>(
        _ name: String, _ kind: VaultRecordKind, in items: [Item], named: (Item) -> [String], index: KeyPath<Item, Int>
    ) throws(ImportSelectionError) -> Item {
        if let item = items.first(where: { named($0).contains(name) }) { return item }
        if let number = Int(name), let item = items.first(where: { $0[keyPath: index] == number }) { return item }
        throw .unknownItem(kind: kind, name: name)
    }

    private static func unique(_ indexes: [Int]) -> [Int] {
        var seen = Set<Int>()
        return indexes.filter { seen.insert($0).inserted }
    }
}
