import Foundation
import TermindDomain

/// Commits an import plan (docs/behaviour.md §6) so that it cannot half-happen: every selected key file is
/// read again and refused if its SHA-256 differs from the preview's; passphrases are asked (or
/// keys stored still encrypted) before anything is written; the new secrets are sealed first;
/// the Vault is saved once, in one transaction; if that save fails the new secrets are removed.
/// An existing record is never overwritten: a label or key that appeared in the Vault since the
/// preview stops the commit before anything is sealed.
///
/// A value over the ports; safe to use from any task.
public struct VaultImporter: Sendable {
    public let store: any VaultStore
    public let secrets: any SecretStore
    public let keyCodec: any PrivateKeyCodec
    public let directory: any SSHDirectoryReader

    /// A wrong passphrase is asked again this many times in all, as `ssh` does.
    public static let passphraseAttempts = 3

    public init(store: any VaultStore, secrets: any SecretStore, keyCodec: any PrivateKeyCodec, directory: any SSHDirectoryReader) {
        self.store = store
        self.secrets = secrets
        self.keyCodec = keyCodec
        self.directory = directory
    }

    /// A selected key as read again for commit.
    private struct ReadKey {
        let item: ImportKeyItem
        let content: Secret
        let info: PrivateKeyInfo
        let passphrase: Secret?
    }

    /// Writes `plan`; returns what was written. Writes nothing and throws when any selected key
    /// file changed, a passphrase is wrong, the Vault changed in the way, or the save fails.
    ///
    /// - Parameter storePassphrases: seal the passphrases given with their keys (otherwise a key
    ///   stays encrypted and its passphrase is asked when it is used).
    public func commit(
        _ plan: ImportPlan, of preview: ImportPreview, passphrases: any ImportPassphraseSource = NoImportPassphrases(),
        storePassphrases: Bool = false
    ) async throws -> ImportReport {
        guard !plan.isEmpty else { return ImportReport(hosts: [], identities: [], keys: [], knownHosts: [], notes: plan.notes) }
        // Every file first, so a changed one fails before anyone types a passphrase.
        let contents = try plan.keys.map { index in
            let item = preview.key(index)
            return (item, try reread(item))
        }
        var read: [Int: ReadKey] = [:]
        for (item, content) in contents {
            let (info, passphrase) = try await inspect(item, content, passphrases: passphrases)
            if let expected = item.publicKey, expected.blob != info.publicKeyBlob { throw ImportFailure.keyMismatch(path: item.path) }
            read[item.index] = ReadKey(item: item, content: content, info: info, passphrase: storePassphrases ? passphrase : nil)
        }
        let snapshot = try await store.snapshot()
        try checkNothingInTheWay(plan, preview, read, snapshot)

        // Sealed first, stored in the one transaction that saves the records naming them.
        var sealed: [SealedSecret] = []
        var keys: [Int: SSHKey] = [:]
        for index in plan.keys {
            guard let key = read[index] else { continue }
            let keySecret = try await secrets.sealed(key.content)
            sealed.append(keySecret)
            var passphraseSecret: UUID?
            if let passphrase = key.passphrase, key.info.isEncrypted {
                let sealedPassphrase = try await secrets.sealed(passphrase)
                sealed.append(sealedPassphrase)
                passphraseSecret = sealedPassphrase.id
            }
            let publicKey = key.item.publicKey
            let comment = key.info.comment.isEmpty ? publicKey?.comment ?? "" : key.info.comment
            keys[index] = SSHKey(
                label: try Label(key.item.label), algorithm: key.info.algorithm, bits: key.info.bits,
                publicKeyBlob: key.info.publicKeyBlob, comment: comment, privateKeySecretID: keySecret.id,
                isEncrypted: key.info.isEncrypted, passphraseSecretID: passphraseSecret)
        }
        let records = try Self.records(plan, preview, keys: keys, snapshot: snapshot)
        try await store.apply(
            sealed.map { .storeSecret($0) } + plan.keys.compactMap { keys[$0] }.map { .save(.key($0)) }
                + records.identities.map { .save(.identity($0)) } + records.hosts.map { .save(.host($0)) }
                + records.knownHosts.map { .save(.knownHost($0)) })
        return ImportReport(
            hosts: records.hosts, identities: records.identities, keys: plan.keys.compactMap { keys[$0] },
            knownHosts: records.knownHosts, notes: plan.notes)
    }

    private func reread(_ item: ImportKeyItem) throws -> Secret {
        let content = try directory.read(item.path)
        guard FileDigest(of: content) == item.digest else { throw ImportFailure.sourceChanged(path: item.path) }
        return content
    }

    /// Reads the key's public facts: with its passphrase when the source gives one (asked again
    /// when wrong), else as it is (an encrypted OpenSSH key shows its public half).
    private func inspect(
        _ item: ImportKeyItem, _ content: Secret, passphrases: any ImportPassphraseSource
    ) async throws -> (PrivateKeyInfo, Secret?) {
        do {
            guard item.isEncrypted else { return (try keyCodec.inspect(content, passphrase: nil), nil) }
            for attempt in 1...Self.passphraseAttempts {
                guard let passphrase = try await passphrases.passphrase(for: item, attempt: attempt) else {
                    if item.needsPassphrase { throw ImportFailure.passphraseRequired(path: item.path) }
                    return (try keyCodec.inspect(content, passphrase: nil), nil)
                }
                do {
                    return (try keyCodec.inspect(content, passphrase: passphrase), passphrase)
                } catch PrivateKeyError.wrongPassphrase where attempt < Self.passphraseAttempts {
                    continue
                }
            }
            throw PrivateKeyError.wrongPassphrase
        } catch let error as PrivateKeyError {
            throw ImportFailure.unusableKey(path: item.path, reason: error.description)
        }
    }

    /// Refuses a commit whose records would now meet a label or key another process wrote since
    /// the preview: the store would refuse a taken label too, but only after secrets were sealed.
    private func checkNothingInTheWay(
        _ plan: ImportPlan, _ preview: ImportPreview, _ read: [Int: ReadKey], _ snapshot: VaultSnapshot
    ) throws {
        for key in read.values {
            if let taken = snapshot.key(key.item.label) {
                throw ImportFailure.vaultChanged(detail: "a Key labelled '\(taken.label)' now exists")
            }
            if let same = snapshot.keys.first(where: { $0.publicKeyBlob == key.info.publicKeyBlob }) {
                throw ImportFailure.vaultChanged(detail: "the key of \(key.item.path) is now in the Vault as '\(same.label)'")
            }
        }
        for choice in plan.identities where snapshot.identity(preview.identity(choice.index).label) != nil {
            throw ImportFailure.vaultChanged(detail: "an Identity labelled '\(preview.identity(choice.index).label)' now exists")
        }
        for choice in plan.hosts where snapshot.host(preview.host(choice.index).alias) != nil {
            throw ImportFailure.vaultChanged(detail: "a Host labelled '\(preview.host(choice.index).alias)' now exists")
        }
        // A key the Vault came to trust since the preview must not be joined by another one.
        let knownHosts = plan.knownHosts.map {
            ImportKnownHostItem(record: preview.knownHost($0).record, location: preview.knownHost($0).location)
        }
        let recheck = ImportPreview(
            folder: preview.folder, keys: [], publicKeys: [], hosts: [], knownHosts: knownHosts, skipped: [], vault: snapshot)
        if let changed = recheck.knownHosts.first(where: { !$0.status.isNew }) {
            throw ImportFailure.vaultChanged(
                detail: "the Known Host \(changed.record.pattern) (\(changed.location)) is now \(changed.status.name): "
                    + (changed.status.reason ?? ""))
        }
        let references = plan.identities.map(\.key) + plan.hosts.compactMap(\.identity) + plan.hosts.flatMap(\.jumps)
        for case .vault(let id) in references
        where snapshot.key(id: id) == nil && snapshot.identity(id: id) == nil && snapshot.host(id: id) == nil {
            throw ImportFailure.vaultChanged(detail: "a record the import refers to (\(id.uuidString)) was removed")
        }
    }

    /// The Identities, Hosts (hops first) and Known Hosts of the plan, new ids throughout.
    private static func records(
        _ plan: ImportPlan, _ preview: ImportPreview, keys: [Int: SSHKey], snapshot: VaultSnapshot
    ) throws -> (identities: [Identity], hosts: [TermindDomain.Host], knownHosts: [KnownHost]) {
        var identities: [Int: Identity] = [:]
        for choice in plan.identities {
            let item = preview.identity(choice.index)
            let keyID: UUID? = switch choice.key {
            case .vault(let id): id
            case .item(let index): keys[index]?.id
            }
            guard let keyID else { continue }
            identities[choice.index] = try Identity(label: try Label(item.label), username: item.username, keyID: keyID)
        }
        var hosts: [Int: TermindDomain.Host] = [:]
        for choice in plan.hosts {
            let item = preview.host(choice.index)
            let identityID: UUID? = switch choice.identity {
            case .vault(let id): id
            case .item(let index): identities[index]?.id
            case nil: nil
            }
            let jumps = choice.jumps.compactMap { reference -> UUID? in
                switch reference {
                case .vault(let id): id
                case .item(let index): hosts[index]?.id
                }
            }
            hosts[choice.index] = try Host(
                label: try Label(item.alias), hostname: item.hostname, port: try Port(item.port), username: item.user,
                identityID: identityID, jumpChain: jumps.count == choice.jumps.count ? jumps : [],
                notes: "imported from \(item.location)", forwards: item.forwards.map { HostForward(rule: $0) },
                keepalive: item.keepalive)
        }
        let orderedHosts = plan.hosts.compactMap { hosts[$0.index] }
        try JumpChain.validate(orderedHosts, among: snapshot.hosts)
        let knownHosts = plan.knownHosts.map { index in
            let record = preview.knownHost(index).record
            return KnownHost(
                pattern: record.pattern, keyType: record.keyType, keyBlob: record.keyBlob, marker: record.marker,
                comment: record.comment)
        }
        return (plan.identities.compactMap { identities[$0.index] }, orderedHosts, knownHosts)
    }
}
