/// Known Hosts: statuses against the Vault's trust and between files of the folder. A record that
/// would stand beside a different key the Vault trusts for the same names is a conflict, so an
/// existing mismatch is never cleared by importing the other key.
extension ImportPreview {
    /// What makes two records the same trust: pattern, type, key and marker (not id or date).
    private struct Trust: Hashable {
        let pattern: String
        let keyType: String
        let blob: [UInt8]
        let marker: KnownHost.Marker

        init(_ record: KnownHost) {
            (pattern, keyType, blob, marker) = (record.pattern, record.keyType, record.keyBlob, record.marker)
        }
    }

    /// Pattern and key type: where two plain records with different keys disagree.
    private struct Slot: Hashable {
        let pattern: String
        let keyType: String
    }

    /// Lookups built once, so a folder of thousands of known_hosts lines is compared in one pass.
    private struct KnownHostIndex {
        var vaultTrust: Set<Trust>
        var vaultPlain: [Slot: [KnownHost]] = [:]
        var seen: [Trust: ImportLocation] = [:]
        var earlierPlain: [Slot: [(blob: [UInt8], location: ImportLocation)]] = [:]

        init(_ vault: VaultSnapshot) {
            vaultTrust = Set(vault.knownHosts.map(Trust.init))
            for record in vault.knownHosts where record.marker == .none {
                vaultPlain[Slot(pattern: record.pattern, keyType: record.keyType), default: []].append(record)
            }
        }
    }

    mutating func assembleKnownHosts(_ found: [ImportKnownHostItem], vault: VaultSnapshot) {
        knownHosts = found
        let matcher = KnownHostsMatcher(records: vault.knownHosts)
        var index = KnownHostIndex(vault)
        for position in knownHosts.indices {
            knownHosts[position].index = position + 1
            knownHosts[position].status = Self.status(of: knownHosts[position], index: &index, matcher: matcher)
        }
    }

    private static func status(of item: ImportKnownHostItem, index: inout KnownHostIndex, matcher: KnownHostsMatcher) -> ImportStatus {
        let record = item.record
        let trust = Trust(record)
        if index.vaultTrust.contains(trust) { return .existing(label: record.pattern) }
        if let earlier = index.seen[trust] { return .cannotImport(reason: "the same record as \(earlier)") }
        index.seen[trust] = item.location
        guard record.marker == .none else { return .new }
        let slot = Slot(pattern: record.pattern, keyType: record.keyType)
        defer { index.earlierPlain[slot, default: []].append((record.keyBlob, item.location)) }
        if let trusted = index.vaultPlain[slot]?.first(where: { $0.keyBlob != record.keyBlob }) {
            return .conflict(reason: "the Vault trusts another \(record.keyType) key for \(record.pattern) (\(trusted.fingerprint)); "
                + "import never replaces a trusted key: compare them with 'termind known-hosts show'")
        }
        for (hostname, port) in plainNames(record.pattern) {
            switch matcher.verdict(hostname: hostname, port: port, keyType: record.keyType, keyBlob: record.keyBlob) {
            case .changed(let records):
                return .conflict(reason: "the Vault trusts another \(record.keyType) key for \(hostname) "
                    + "(\(records[0].pattern), \(records[0].fingerprint)); import never replaces a trusted key")
            case .revoked(let revoked):
                return .conflict(reason: "the Vault revokes this key for \(hostname) (\(revoked.pattern))")
            case .known, .unknown:
                continue
            }
        }
        if let other = index.earlierPlain[slot]?.first(where: {
            $0.blob != record.keyBlob && $0.location.file != item.location.file
        }) {
            return .conflict(reason: "\(other.location) gives another \(record.keyType) key for \(record.pattern)")
        }
        return .new
    }

    /// The literal names of a pattern field (no wildcard, negation or hash), with their ports.
    static func plainNames(_ pattern: String) -> [(String, Int)] {
        guard !pattern.hasPrefix("|") else { return [] }
        return pattern.split(separator: ",").compactMap { entry in
            guard !entry.contains(where: { "*?!".contains($0) }), !entry.isEmpty else { return nil }
            if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
                let name = String(entry[entry.index(after: entry.startIndex)..<close])
                let after = entry[entry.index(after: close)...]
                guard after.hasPrefix(":"), let port = Int(after.dropFirst()) else { return nil }
                return (name, port)
            }
            return (String(entry), 22)
        }
    }
}
