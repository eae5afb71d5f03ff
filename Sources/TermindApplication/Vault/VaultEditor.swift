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
        let label = try Label(label)
        try Host.checkLabel(label)
        guard let hostname = fields.hostname else {
            throw VaultRuleViolation.invalidHostname("", reason: "give one with --hostname")
        }
        return try await store.update { snapshot in
            guard snapshot.host(label.rawValue) == nil else { throw VaultRuleViolation.duplicateLabel(kind: .host, label: label.rawValue) }
            var host = try Host(label: label, hostname: hostname, port: try Port(fields.port ?? 22))
            try Self.apply(fields, to: &host, in: snapshot)
            return VaultUpdate([.save(.host(host))], returning: host)
        }
    }

    @discardableResult
    public func editHost(_ label: String, _ fields: HostFields, newLabel: String? = nil) async throws -> TermindDomain.Host {
        try await store.update { snapshot in
            var host = try Self.require(snapshot.host(label), .host, label)
            if let newLabel {
                host.label = try Label(newLabel)
                try Host.checkLabel(host.label)
            }
            if let hostname = fields.hostname {
                try Host.checkHostname(hostname)
                host.hostname = hostname
            }
            if let port = fields.port { host.port = try Port(port) }
            try Self.apply(fields, to: &host, in: snapshot)
            return VaultUpdate([.save(.host(host))], returning: host)
        }
    }

    /// Removes a Host and its histories; its Known Hosts stay. Hosts that jump through it
    /// keep it unless `force`, which takes it out of their chains.
    public func removeHost(_ label: String, force: Bool = false) async throws {
        try await store.update { snapshot in
            let host = try Self.require(snapshot.host(label), .host, label)
            let users = snapshot.hosts.filter { $0.jumpChain.contains(host.id) }.map { user in
                var unbound = user
                unbound.jumpChain.removeAll { $0 == host.id }
                return (name: "Host '\(user.label)'", unbound: VaultRecord.host(unbound))
            }
            return VaultUpdate(try Self.removal(.host, id: host.id, label: label, force: force, users: users))
        }
    }

    private static func apply(_ fields: HostFields, to host: inout Host, in snapshot: VaultSnapshot) throws {
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
        if let allowed = fields.allowsClipboardWrites { host.allowsClipboardWrites = allowed }
        if let integration = fields.usesShellIntegration { host.usesShellIntegration = integration }
        if let shares = fields.sharesConnection { host.sharesConnection = shares }
        if let reconnect = fields.reconnect { host.reconnect = reconnect }
        if fields.keepaliveInterval != nil || fields.keepaliveCountMax != nil {
            host.keepalive = try Keepalive(
                interval: fields.keepaliveInterval ?? host.keepaliveInterval, countMax: fields.keepaliveCountMax ?? host.keepaliveCountMax)
        }
        if let seconds = fields.metricsInterval { try host.setMetricsInterval(seconds) }
        try applyForwards(fields, to: &host)
        try JumpChain.validate(host, among: snapshot.hosts)
    }

    // MARK: Identities

    @discardableResult
    public func addIdentity(_ label: String, _ fields: IdentityFields) async throws -> Identity {
        let label = try Label(label)
        let username = fields.username ?? ""
        _ = try Identity(label: label, username: username)
        // Refused before anything is sealed; checked again inside the write, where it counts.
        guard try await store.snapshot().identity(label.rawValue) == nil else {
            throw VaultRuleViolation.duplicateLabel(kind: .identity, label: label.rawValue)
        }
        return try await savingSealed(fields.password) { snapshot, sealed in
            guard snapshot.identity(label.rawValue) == nil else {
                throw VaultRuleViolation.duplicateLabel(kind: .identity, label: label.rawValue)
            }
            var identity = try Identity(label: label, username: username)
            if let key = fields.key, !key.isEmpty { identity.keyID = try Self.require(snapshot.key(key), .key, key).id }
            identity.passwordSecretID = sealed
            return (identity, replaced: nil)
        }
    }

    @discardableResult
    public func editIdentity(_ label: String, _ fields: IdentityFields, newLabel: String? = nil) async throws -> Identity {
        let newLabel = try newLabel.map { try Label($0) }
        return try await savingSealed(fields.password) { snapshot, sealed in
            var identity = try Self.require(snapshot.identity(label), .identity, label)
            if let newLabel { identity.label = newLabel }
            if let username = fields.username { identity = try Identity(
                id: identity.id, label: identity.label, username: username,
                passwordSecretID: identity.passwordSecretID, keyID: identity.keyID) }
            if let key = fields.key { identity.keyID = key.isEmpty ? nil : try Self.require(snapshot.key(key), .key, key).id }
            let old = identity.passwordSecretID
            if let sealed {
                identity.passwordSecretID = sealed
                return (identity, replaced: old)
            }
            if fields.clearPassword {
                identity.passwordSecretID = nil
                return (identity, replaced: old)
            }
            return (identity, replaced: nil)
        }
    }

    /// Seals `password` (if any) first, then in one transaction stores it, saves the Identity
    /// `decide` makes from the Vault as it is, and removes the secret that Identity replaced:
    /// a failure or a kill at any point leaves no secret without its record or the reverse.
    private func savingSealed(
        _ password: Secret?,
        _ decide: @escaping @Sendable (VaultSnapshot, UUID?) throws -> (Identity, replaced: UUID?)
    ) async throws -> Identity {
        let sealed = try await password.asyncMap { try await secrets.sealed($0) }
        return try await store.update { snapshot in
            let (identity, replaced) = try decide(snapshot, sealed?.id)
            let changes: [VaultChange] = (sealed.map { [.storeSecret($0)] } ?? []) + [.save(.identity(identity))]
                + (replaced.map { [.removeSecret($0)] } ?? [])
            return VaultUpdate(changes, returning: identity)
        }
    }

    /// Removes an Identity and its password. Hosts that use it keep it unless `force`,
    /// which unbinds them.
    public func removeIdentity(_ label: String, force: Bool = false) async throws {
        try await store.update { snapshot in
            let identity = try Self.require(snapshot.identity(label), .identity, label)
            let users = snapshot.hosts.filter { $0.identityID == identity.id }.map { host in
                var unbound = host
                unbound.identityID = nil
                return (name: "Host '\(host.label)'", unbound: VaultRecord.host(unbound))
            }
            let removal = try Self.removal(.identity, id: identity.id, label: label, force: force, users: users)
            return VaultUpdate(removal + (identity.passwordSecretID.map { [.removeSecret($0)] } ?? []), returning: ())
        }
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

    /// Seals the key (and passphrase) first, then stores them and saves the Key in one
    /// transaction: a failure or a kill at any point leaves no secret without its Key.
    private func saveKey(_ label: Label, privateKey: Secret, info: PrivateKeyInfo, passphrase: Secret?) async throws -> SSHKey {
        let keySecret = try await secrets.sealed(privateKey)
        var sealed = [keySecret]
        if let passphrase, info.isEncrypted { sealed.append(try await secrets.sealed(passphrase)) }
        let key = SSHKey(
            label: label, algorithm: info.algorithm, bits: info.bits, publicKeyBlob: info.publicKeyBlob,
            comment: info.comment, privateKeySecretID: keySecret.id, isEncrypted: info.isEncrypted,
            passphraseSecretID: sealed.count > 1 ? sealed[1].id : nil)
        // The label is checked again inside the write: another process may have taken it.
        return try await store.update { [sealed] snapshot in
            guard snapshot.key(label.rawValue) == nil else { throw VaultRuleViolation.duplicateLabel(kind: .key, label: label.rawValue) }
            return VaultUpdate(sealed.map { .storeSecret($0) } + [.save(.key(key))], returning: key)
        }
    }

    /// Removes a Key and its sealed private key and passphrase. Identities that use it keep
    /// it unless `force`, which unbinds them.
    public func removeKey(_ label: String, force: Bool = false) async throws {
        try await store.update { snapshot in
            let key = try Self.require(snapshot.key(label), .key, label)
            let users = snapshot.identities.filter { $0.keyID == key.id }.map { identity in
                var unbound = identity
                unbound.keyID = nil
                return (name: "Identity '\(identity.label)'", unbound: VaultRecord.identity(unbound))
            }
            let secrets = [key.privateKeySecretID] + (key.passphraseSecretID.map { [$0] } ?? [])
            return VaultUpdate(try Self.removal(.key, id: key.id, label: label, force: force, users: users) + secrets.map { .removeSecret($0) })
        }
    }

    // MARK: Snippets

    @discardableResult
    public func addSnippet(_ label: String, script: String, tags: [String]) async throws -> Snippet {
        let label = try Label(label)
        return try await store.update { snapshot in
            guard snapshot.snippet(label.rawValue) == nil else {
                throw VaultRuleViolation.duplicateLabel(kind: .snippet, label: label.rawValue)
            }
            let snippet = Snippet(label: label, script: script, tags: tags)
            return VaultUpdate([.save(.snippet(snippet))], returning: snippet)
        }
    }

    @discardableResult
    public func editSnippet(_ label: String, script: String?, tags: [String]?, newLabel: String? = nil) async throws -> Snippet {
        let newLabel = try newLabel.map { try Label($0) }
        return try await store.update { snapshot in
            var snippet = try Self.require(snapshot.snippet(label), .snippet, label)
            if let newLabel { snippet.label = newLabel }
            if let script { snippet.script = script }
            if let tags { snippet.tags = tags }
            return VaultUpdate([.save(.snippet(snippet))], returning: snippet)
        }
    }

    public func removeSnippet(_ label: String) async throws {
        try await store.update { snapshot in
            let snippet = try Self.require(snapshot.snippet(label), .snippet, label)
            return VaultUpdate([.remove(.snippet, id: snippet.id)])
        }
    }

    // MARK: Templates

    /// Saves `layout` as a new Template; a taken label is refused.
    @discardableResult
    public func addTemplate(_ label: String, layout: TemplateLayout) async throws -> Template {
        let label = try Label(label)
        return try await store.update { snapshot in
            guard snapshot.template(label.rawValue) == nil else {
                throw VaultRuleViolation.duplicateLabel(kind: .template, label: label.rawValue)
            }
            let template = Template(label: label, layout: layout)
            return VaultUpdate([.save(.template(template))], returning: template)
        }
    }

    public func removeTemplate(_ label: String) async throws {
        try await store.update { snapshot in
            let template = try Self.require(snapshot.template(label), .template, label)
            return VaultUpdate([.remove(.template, id: template.id)])
        }
    }

    // MARK: Known Hosts

    /// Adds a trust record; the same pattern, type and key twice is refused.
    @discardableResult
    public func addKnownHost(_ record: KnownHost) async throws -> KnownHost {
        try await store.update { snapshot in
            if snapshot.knownHosts.contains(where: {
                $0.pattern == record.pattern && $0.keyType == record.keyType && $0.keyBlob == record.keyBlob && $0.marker == record.marker
            }) {
                throw VaultRuleViolation.knownHostExists(pattern: record.pattern, keyType: record.keyType)
            }
            return VaultUpdate([.save(.knownHost(record))], returning: record)
        }
    }

    /// Removes the trust records for `pattern` (only those of `keyType` when given) and
    /// returns them; none matching is an error naming the pattern.
    @discardableResult
    public func removeKnownHosts(_ pattern: String, keyType: String?) async throws -> [KnownHost] {
        try await store.update { snapshot in
            let matching = snapshot.knownHosts.filter { $0.pattern == pattern && (keyType == nil || $0.keyType == keyType) }
            guard !matching.isEmpty else { throw VaultRuleViolation.missingRecord(kind: .knownHost, label: pattern) }
            return VaultUpdate(matching.map { .remove(.knownHost, id: $0.id) }, returning: matching)
        }
    }

    /// The changes that remove a record other records use: refused (naming them) unless
    /// `force`; with it the users, rewritten without the reference, are saved in the same
    /// transaction as the removal.
    private static func removal(
        _ kind: VaultRecordKind, id: UUID, label: String, force: Bool, users: [(name: String, unbound: VaultRecord)]
    ) throws -> [VaultChange] {
        guard users.isEmpty || force else {
            throw VaultRuleViolation.recordInUse(kind: kind, label: label, usedBy: users.map(\.name).sorted())
        }
        return users.map { .save($0.unbound) } + [.remove(kind, id: id)]
    }

    private static func require<Record>(_ record: Record?, _ kind: VaultRecordKind, _ label: String) throws -> Record {
        guard let record else { throw VaultRuleViolation.missingRecord(kind: kind, label: label) }
        return record
    }
}

extension Optional {
    fileprivate func asyncMap<U>(_ transform: (Wrapped) async throws -> U) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
