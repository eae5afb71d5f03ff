import Foundation
import TermindDomain

/// The Vault's use cases: add, edit and remove records by label, with the rules of the Vault
/// (labels unique per kind, jump chains that resolve and never loop, records in use not
/// removed without `force`). Secrets are sealed before the record that names them is saved,
/// and removed again if that save fails, so a failure leaves nothing half-written.
///
/// A value over the ports; safe to use from any task.
public struct VaultEditor: Sendable {
    public let store: any VaultStore
    public let secrets: any SecretStore
    public let keyCodec: any PrivateKeyCodec

    public init(store: any VaultStore, secrets: any SecretStore, keyCodec: any PrivateKeyCodec) {
        self.store = store
        self.secrets = secrets
        self.keyCodec = keyCodec
    }

    // MARK: Hosts

    @discardableResult
    public func addHost(_ label: String, _ fields: HostFields) async throws -> TermindDomain.Host {
        let snapshot = try await store.snapshot()
        let label = try Label(label)
        guard snapshot.host(label.rawValue) == nil else { throw VaultRuleViolation.duplicateLabel(kind: .host, label: label.rawValue) }
        guard let hostname = fields.hostname else {
            throw VaultRuleViolation.invalidHostname("", reason: "give one with --hostname")
        }
        var host = try Host(label: label, hostname: hostname, port: try Port(fields.port ?? 22))
        try apply(fields, to: &host, in: snapshot)
        try await store.apply([.save(.host(host))])
        return host
    }

    @discardableResult
    public func editHost(_ label: String, _ fields: HostFields, newLabel: String? = nil) async throws -> TermindDomain.Host {
        let snapshot = try await store.snapshot()
        var host = try require(snapshot.host(label), .host, label)
        if let newLabel { host.label = try Label(newLabel) }
        if let hostname = fields.hostname {
            try Host.checkHostname(hostname)
            host.hostname = hostname
        }
        if let port = fields.port { host.port = try Port(port) }
        try apply(fields, to: &host, in: snapshot)
        try await store.apply([.save(.host(host))])
        return host
    }

    /// Removes a Host and its histories; its Known Hosts stay. Hosts that jump through it
    /// keep it unless `force`, which takes it out of their chains.
    public func removeHost(_ label: String, force: Bool = false) async throws {
        let snapshot = try await store.snapshot()
        let host = try require(snapshot.host(label), .host, label)
        let users = snapshot.hosts.filter { $0.jumpChain.contains(host.id) }.map { user in
            var unbound = user
            unbound.jumpChain.removeAll { $0 == host.id }
            return (name: "Host '\(user.label)'", unbound: VaultRecord.host(unbound))
        }
        try await remove(.host, id: host.id, label: label, force: force, users: users)
    }

    private func apply(_ fields: HostFields, to host: inout Host, in snapshot: VaultSnapshot) throws {
        if let username = fields.username { host.username = username.isEmpty ? nil : username }
        if let identity = fields.identity {
            host.identityID = identity.isEmpty ? nil : try require(snapshot.identity(identity), .identity, identity).id
        }
        if let jumps = fields.jumps {
            host.jumpChain = try jumps.map { hop in
                guard let found = snapshot.host(hop) else {
                    throw VaultRuleViolation.jumpHostMissing(host: host.label.rawValue, hop: hop)
                }
                return found.id
            }
        }
        if let tags = fields.tags { host.tags = tags }
        if let notes = fields.notes { host.notes = notes }
        try JumpChain.validate(host, among: snapshot.hosts)
    }

    // MARK: Identities

    @discardableResult
    public func addIdentity(_ label: String, _ fields: IdentityFields) async throws -> Identity {
        let snapshot = try await store.snapshot()
        let label = try Label(label)
        guard snapshot.identity(label.rawValue) == nil else {
            throw VaultRuleViolation.duplicateLabel(kind: .identity, label: label.rawValue)
        }
        var identity = try Identity(label: label, username: fields.username ?? "")
        if let key = fields.key, !key.isEmpty { identity.keyID = try require(snapshot.key(key), .key, key).id }
        try await saveSealing(fields.password, into: &identity, replacing: nil)
        return identity
    }

    @discardableResult
    public func editIdentity(_ label: String, _ fields: IdentityFields, newLabel: String? = nil) async throws -> Identity {
        let snapshot = try await store.snapshot()
        var identity = try require(snapshot.identity(label), .identity, label)
        if let newLabel { identity.label = try Label(newLabel) }
        if let username = fields.username { identity = try Identity(
            id: identity.id, label: identity.label, username: username,
            passwordSecretID: identity.passwordSecretID, keyID: identity.keyID) }
        if let key = fields.key { identity.keyID = key.isEmpty ? nil : try require(snapshot.key(key), .key, key).id }
        let old = identity.passwordSecretID
        if fields.clearPassword && fields.password == nil {
            identity.passwordSecretID = nil
            try await store.apply([.save(.identity(identity))])
            if let old { try await secrets.remove([old]) }
            return identity
        }
        try await saveSealing(fields.password, into: &identity, replacing: fields.password == nil ? nil : old)
        return identity
    }

    /// Seals `password` (if any) first, saves the Identity, and removes the new secret if the
    /// save fails; the replaced secret goes only after the save succeeded.
    private func saveSealing(_ password: Secret?, into identity: inout Identity, replacing old: UUID?) async throws {
        var sealed: UUID?
        if let password {
            sealed = try await secrets.seal(password)
            identity.passwordSecretID = sealed
        }
        do {
            try await store.apply([.save(.identity(identity))])
        } catch {
            if let sealed { try? await secrets.remove([sealed]) }
            throw error
        }
        if let old { try await secrets.remove([old]) }
    }

    /// Removes an Identity and its password. Hosts that use it keep it unless `force`,
    /// which unbinds them.
    public func removeIdentity(_ label: String, force: Bool = false) async throws {
        let snapshot = try await store.snapshot()
        let identity = try require(snapshot.identity(label), .identity, label)
        let users = snapshot.hosts.filter { $0.identityID == identity.id }.map { host in
            var unbound = host
            unbound.identityID = nil
            return (name: "Host '\(host.label)'", unbound: VaultRecord.host(unbound))
        }
        try await remove(.identity, id: identity.id, label: label, force: force, users: users)
        if let secret = identity.passwordSecretID { try await secrets.remove([secret]) }
    }

    // MARK: Keys

    /// Imports a private key file. An encrypted key's passphrase is checked when given and
    /// stored with the key only if `storePassphrase`.
    @discardableResult
    public func importKey(
        _ label: String, privateKey: Secret, passphrase: Secret?, storePassphrase: Bool
    ) async throws -> SSHKey {
        let snapshot = try await store.snapshot()
        let label = try Label(label)
        guard snapshot.key(label.rawValue) == nil else { throw VaultRuleViolation.duplicateLabel(kind: .key, label: label.rawValue) }
        let info = try keyCodec.inspect(privateKey, passphrase: passphrase)
        return try await saveKey(label, privateKey: privateKey, info: info, passphrase: storePassphrase ? passphrase : nil)
    }

    @discardableResult
    public func generateKey(_ label: String, algorithm: KeyAlgorithm, comment: String) async throws -> SSHKey {
        let snapshot = try await store.snapshot()
        let label = try Label(label)
        guard snapshot.key(label.rawValue) == nil else { throw VaultRuleViolation.duplicateLabel(kind: .key, label: label.rawValue) }
        let (privateKey, info) = try keyCodec.generate(algorithm, comment: comment)
        return try await saveKey(label, privateKey: privateKey, info: info, passphrase: nil)
    }

    private func saveKey(_ label: Label, privateKey: Secret, info: PrivateKeyInfo, passphrase: Secret?) async throws -> SSHKey {
        var sealed: [UUID] = []
        do {
            let keySecret = try await secrets.seal(privateKey)
            sealed.append(keySecret)
            var passphraseSecret: UUID?
            if let passphrase, info.isEncrypted {
                passphraseSecret = try await secrets.seal(passphrase)
                sealed.append(passphraseSecret!)
            }
            let key = SSHKey(
                label: label, algorithm: info.algorithm, bits: info.bits, publicKeyBlob: info.publicKeyBlob,
                comment: info.comment, privateKeySecretID: keySecret, isEncrypted: info.isEncrypted,
                passphraseSecretID: passphraseSecret)
            try await store.apply([.save(.key(key))])
            return key
        } catch {
            if !sealed.isEmpty { try? await secrets.remove(sealed) }
            throw error
        }
    }

    /// Removes a Key and its sealed private key and passphrase. Identities that use it keep
    /// it unless `force`, which unbinds them.
    public func removeKey(_ label: String, force: Bool = false) async throws {
        let snapshot = try await store.snapshot()
        let key = try require(snapshot.key(label), .key, label)
        let users = snapshot.identities.filter { $0.keyID == key.id }.map { identity in
            var unbound = identity
            unbound.keyID = nil
            return (name: "Identity '\(identity.label)'", unbound: VaultRecord.identity(unbound))
        }
        try await remove(.key, id: key.id, label: label, force: force, users: users)
        try await secrets.remove([key.privateKeySecretID] + (key.passphraseSecretID.map { [$0] } ?? []))
    }

    // MARK: Snippets

    @discardableResult
    public func addSnippet(_ label: String, script: String, tags: [String]) async throws -> Snippet {
        let snapshot = try await store.snapshot()
        let label = try Label(label)
        guard snapshot.snippet(label.rawValue) == nil else {
            throw VaultRuleViolation.duplicateLabel(kind: .snippet, label: label.rawValue)
        }
        let snippet = Snippet(label: label, script: script, tags: tags)
        try await store.apply([.save(.snippet(snippet))])
        return snippet
    }

    @discardableResult
    public func editSnippet(_ label: String, script: String?, tags: [String]?, newLabel: String? = nil) async throws -> Snippet {
        var snippet = try require(try await store.snapshot().snippet(label), .snippet, label)
        if let newLabel { snippet.label = try Label(newLabel) }
        if let script { snippet.script = script }
        if let tags { snippet.tags = tags }
        try await store.apply([.save(.snippet(snippet))])
        return snippet
    }

    public func removeSnippet(_ label: String) async throws {
        let snippet = try require(try await store.snapshot().snippet(label), .snippet, label)
        try await store.apply([.remove(.snippet, id: snippet.id)])
    }

    // MARK: Known Hosts

    /// Adds a trust record; the same pattern, type and key twice is refused.
    @discardableResult
    public func addKnownHost(_ record: KnownHost) async throws -> KnownHost {
        let snapshot = try await store.snapshot()
        if snapshot.knownHosts.contains(where: {
            $0.pattern == record.pattern && $0.keyType == record.keyType && $0.keyBlob == record.keyBlob && $0.marker == record.marker
        }) {
            throw VaultRuleViolation.knownHostExists(pattern: record.pattern, keyType: record.keyType)
        }
        try await store.apply([.save(.knownHost(record))])
        return record
    }

    /// Removes the trust records for `pattern` (only those of `keyType` when given) and
    /// returns them; none matching is an error naming the pattern.
    @discardableResult
    public func removeKnownHosts(_ pattern: String, keyType: String?) async throws -> [KnownHost] {
        let matching = try await store.snapshot().knownHosts.filter {
            $0.pattern == pattern && (keyType == nil || $0.keyType == keyType)
        }
        guard !matching.isEmpty else { throw VaultRuleViolation.missingRecord(kind: .knownHost, label: pattern) }
        try await store.apply(matching.map { .remove(.knownHost, id: $0.id) })
        return matching
    }

    /// Removes a record other records use: refused (naming them) unless `force`; with it the
    /// users, rewritten without the reference, are saved in the same transaction as the removal.
    private func remove(
        _ kind: VaultRecordKind, id: UUID, label: String, force: Bool, users: [(name: String, unbound: VaultRecord)]
    ) async throws {
        guard users.isEmpty || force else {
            throw VaultRuleViolation.recordInUse(kind: kind, label: label, usedBy: users.map(\.name).sorted())
        }
        try await store.apply(users.map { .save($0.unbound) } + [.remove(kind, id: id)])
    }

    private func require<Record>(_ record: Record?, _ kind: VaultRecordKind, _ label: String) throws -> Record {
        guard let record else { throw VaultRuleViolation.missingRecord(kind: kind, label: label) }
        return record
    }
}
