import Foundation
import TermindDomain

/// Connection preparation (docs/behaviour.md §2): resolves Host → Identity → credentials → jump chain
/// into a `ConnectionPlan` before any socket opens.
///
/// - The user is the Host's `username`, else the Identity's, else the local user (asked of the
///   `LocalAccount` only then).
/// - Credentials, in the order they are tried: the Identity's Key (its private key unsealed;
///   its passphrase unsealed when stored, else asked by the connector when the key is tried),
///   then the Identity's password. An Identity with only a username gives none: the connector
///   tries `none`, agent keys and what the server asks.
/// - Jumps: the chain fully expanded (a hop's own chain before it), each hop planned the same way.
/// - A configured secret that is missing fails with the `VaultUnavailable` the secret store
///   throws, which names the record; an unknown label with `VaultRuleViolation.missingRecord`.
///
/// Secrets are unsealed here and live only as long as the plan. A value over its ports,
/// `Sendable`.
public struct ConnectionPreparer: Sendable {
    public let store: any VaultStore
    public let secrets: any SecretStore
    /// Reads `-i` key files (type, encrypted or not).
    public let keyCodec: any PrivateKeyCodec
    /// Names the user when neither the target, `-l`, the Host nor its Identity gives one.
    public let localAccount: any LocalAccount
    /// Whether plans may try `ssh-agent` keys (`SSH_AUTH_SOCK` set).
    public let useAgent: Bool

    public init(
        store: any VaultStore, secrets: any SecretStore, keyCodec: any PrivateKeyCodec, localAccount: any LocalAccount,
        useAgent: Bool = true
    ) {
        self.store = store
        self.secrets = secrets
        self.keyCodec = keyCodec
        self.localAccount = localAccount
        self.useAgent = useAgent
    }

    // MARK: Plans

    /// The plan for the Vault Host labelled `hostLabel`, jump chain included.
    public func plan(hostLabel: String) async throws -> ConnectionPlan {
        let snapshot = try await store.snapshot()
        guard let host = snapshot.host(hostLabel) else {
            throw VaultRuleViolation.missingRecord(kind: .host, label: hostLabel)
        }
        return try await plan(host, in: snapshot)
    }

    /// The plan for a destination not in the Vault: the `-i` key (if any) is its only
    /// credential; agent keys, a password and keyboard-interactive rounds are asked for or
    /// tried by the connector.
    public func plan(adHoc target: AdHocTarget) throws -> ConnectionPlan {
        let username = try target.username ?? localAccount.userName()
        return ConnectionPlan(
            label: target.label(username: username), hostname: target.hostname, port: target.port,
            username: username, credentials: try target.keyFile.map { [try credential(for: $0)] } ?? [],
            useAgent: useAgent)
    }

    /// What `termind exec HOST`, `ssh HOST` and friends take: a Vault Host label when the Vault
    /// has one (labels never hold `@` or `:`), else an ad-hoc `[user@]hostname[:port]`.
    /// With a Host, `-l` replaces the user of the target (not of its hops), and an `-i` key is
    /// tried before the Identity's credentials.
    public func plan(destination: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil) async throws -> ConnectionPlan {
        try await plan(destination: destination, loginName: loginName, keyFile: keyFile, in: store.snapshot())
    }

    /// The same, from a snapshot the caller has read (and may read further, as
    /// `ConnectionOpener` does to record the Host's history).
    public func plan(
        destination: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil, in snapshot: VaultSnapshot
    ) async throws -> ConnectionPlan {
        guard let host = snapshot.host(destination) else {
            return try plan(adHoc: try AdHocTarget(parsing: destination, loginName: loginName, keyFile: keyFile))
        }
        let planned = try await plan(host, in: snapshot, username: loginName)
        if let loginName { try AdHocTarget.checkUser(loginName) }
        let extra = try keyFile.map { [try credential(for: $0)] } ?? []
        guard loginName != nil || !extra.isEmpty else { return planned }
        return ConnectionPlan(
            label: planned.label, hostname: planned.hostname, port: planned.port,
            username: loginName ?? planned.username, credentials: extra + planned.credentials,
            useAgent: planned.useAgent, jumps: planned.jumps, keepalive: planned.keepalive)
    }

    /// Where `destination` leads (label, user, hostname, port, jumps, keepalive) without its
    /// credentials: nothing is unsealed and no key file is read. A control socket's client
    /// names the socket by it; the connection another process shares is authenticated already.
    public func address(destination: String, loginName: String? = nil, in snapshot: VaultSnapshot) async throws -> ConnectionPlan {
        guard let host = snapshot.host(destination) else {
            return try plan(adHoc: try AdHocTarget(parsing: destination, loginName: loginName, keyFile: nil))
        }
        if let loginName { try AdHocTarget.checkUser(loginName) }
        return try await plan(host, in: snapshot, username: loginName, credentials: false)
    }

    // MARK: Resolving

    /// `username` (`-l`) replaces the target's user, so the local account is not asked for it.
    private func plan(
        _ host: TermindDomain.Host, in snapshot: VaultSnapshot, username: String? = nil, credentials: Bool = true
    ) async throws -> ConnectionPlan {
        try JumpChain.validate(host, among: snapshot.hosts)
        let target = try await single(host, in: snapshot, username: username, credentials: credentials)
        var jumps: [ConnectionPlan] = []
        for hop in JumpChain.expandedHops(of: host, among: snapshot.hosts) {
            jumps.append(try await single(hop, in: snapshot, credentials: credentials))
        }
        return ConnectionPlan(
            label: target.label, hostname: target.hostname, port: target.port, username: target.username,
            credentials: target.credentials, useAgent: target.useAgent, jumps: jumps, keepalive: target.keepalive)
    }

    /// One Host without its chain: user and, unless `credentials` is false, credentials.
    private func single(
        _ host: TermindDomain.Host, in snapshot: VaultSnapshot, username: String? = nil, credentials unsealing: Bool = true
    ) async throws -> ConnectionPlan {
        var identity: Identity?
        if let id = host.identityID {
            guard let found = snapshot.identity(id: id) else {
                throw VaultRuleViolation.missingRecord(kind: .identity, label: id.uuidString)
            }
            identity = found
        }
        var credentials: [Credential] = []
        if unsealing, let identity, let keyID = identity.keyID {
            guard let key = snapshot.key(id: keyID) else {
                throw VaultRuleViolation.missingRecord(kind: .key, label: keyID.uuidString)
            }
            let privateKey = try await secrets.unseal(key.privateKeySecretID)
            var passphrase: Secret?
            if let passphraseID = key.passphraseSecretID { passphrase = try await secrets.unseal(passphraseID) }
            credentials.append(
                .key(
                    label: key.label.rawValue, privateKey: privateKey, passphrase: passphrase,
                    isEncrypted: key.isEncrypted, algorithm: key.algorithm))
        }
        if unsealing, let identity, let passwordID = identity.passwordSecretID {
            credentials.append(.password(try await secrets.unseal(passwordID)))
        }
        return ConnectionPlan(
            label: host.label.rawValue, hostname: host.hostname, port: host.port.rawValue,
            username: try username ?? host.username ?? identity?.username ?? localAccount.userName(), credentials: credentials,
            useAgent: useAgent, keepalive: host.keepalive)
    }

    /// The credential of an `-i` key file. An encrypted PEM key shows nothing without its
    /// passphrase, so its type is taken from the PEM header; the connector asks for the
    /// passphrase when it tries the key.
    private func credential(for file: AdHocKeyFile) throws -> Credential {
        do {
            let info = try keyCodec.inspect(file.privateKey, passphrase: nil)
            return .key(
                label: file.path, privateKey: file.privateKey, passphrase: nil, isEncrypted: info.isEncrypted,
                algorithm: info.algorithm)
        } catch PrivateKeyError.passphraseRequired {
            let header = file.privateKey.withBytes { String(decoding: $0.prefix(64), as: UTF8.self) }
            let algorithm: KeyAlgorithm = header.contains("BEGIN EC PRIVATE KEY") ? .ecdsaP256 : .rsa
            return .key(label: file.path, privateKey: file.privateKey, passphrase: nil, isEncrypted: true, algorithm: algorithm)
        } catch let error as PrivateKeyError {
            throw AdHocTargetError.unusableKeyFile(path: file.path, reason: error.description)
        }
    }
}
