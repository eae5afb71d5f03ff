import Foundation
import TermindDomain

/// The host-key trust policy (docs/behaviour.md §2): the `HostKeyVerifier` the connector asks inside the
/// handshake, before any credential is sent.
///
/// Trust records are the Vault's Known Hosts (read afresh for every check, so a key saved by
/// one connection is known to the next) plus read-only records from `~/.ssh/known_hosts`
/// (`systemRecords`, read once by the caller). A key is:
/// - **known** when any record holds it for the host: accepted;
/// - **revoked** when a `@revoked` record holds it: `.hostKeyRevoked` (exit 5), naming the record;
/// - **changed** when records of its type exist for the host and none holds it:
///   `.hostKeyChanged` (exit 5), naming the offered and the stored fingerprints and where each
///   stored record lives; only an explicit edit of Known Hosts changes that;
/// - **unknown** otherwise (including a new key *type* for a host known by other types):
///   with `.acceptNew` it is saved without asking; with `.ask` the interaction queue asks.
///   *Trust once* accepts it for this attempt only and records nothing, so the next attempt
///   (another generation, an extra silent connection) asks again; *Trust and save* adds one
///   Known Host (pattern `host` or `[host]:port`, as OpenSSH writes it) before accepting;
///   *Reject* fails with `.hostKeyRejected`. Nothing to ask with (`InteractionRequired`)
///   fails with `.hostKeyUnknown` (exit 4); a withdrawn question with `.cancelled`.
///
/// A value over its ports, `Sendable`; one instance serves every connection of the process.
/// It keeps no state between checks: trusting once is never remembered.
public struct HostKeyTrust: HostKeyVerifier {
    public let store: any VaultStore
    public let systemRecords: [KnownHostsFileRecord]
    public let policy: HostKeyPolicy
    public let interactions: InteractionQueue
    public let logger: any Logger

    private let systemMatcher: KnownHostsMatcher
    private let systemOrigins: [UUID: KnownHostsFileRecord]

    /// - Parameters:
    ///   - store: the Vault; its Known Hosts are the trust records, and saved keys go there.
    ///   - systemRecords: records of `~/.ssh/known_hosts` (empty with `--no-system-known-hosts`).
    ///   - policy: `.ask`, or `.acceptNew` for `--accept-new`.
    ///   - interactions: the program's one interaction queue.
    public init(
        store: any VaultStore, systemRecords: [KnownHostsFileRecord] = [], policy: HostKeyPolicy = .ask,
        interactions: InteractionQueue, logger: any Logger = NullLogger()
    ) {
        self.store = store
        self.systemRecords = systemRecords
        self.policy = policy
        self.interactions = interactions
        self.logger = logger
        systemMatcher = KnownHostsMatcher(records: systemRecords.map(\.record))
        systemOrigins = Dictionary(systemRecords.map { ($0.record.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: HostKeyVerifier

    /// The host key methods of the key types recorded for the host, the Vault's first, then
    /// `~/.ssh/known_hosts`'s, as libssh2 names them. Types libssh2 cannot negotiate
    /// (certificates, unknown names) are left out. Empty when nothing is recorded (then the
    /// connector keeps libssh2's own order). A Vault that cannot be read gives the file's only
    /// (the check itself will report the Vault's failure).
    public func preferredAlgorithms(hostname: String, port: Int) async -> [String] {
        var vaultTypes: [String] = []
        do {
            let records = try await store.snapshot().knownHosts
            vaultTypes = KnownHostsMatcher(records: records).recordedKeyTypes(hostname: hostname, port: port)
        } catch {
            logger.warning("cannot read the Vault's Known Hosts to order host key algorithms: \(error)")
        }
        let types = vaultTypes + systemMatcher.recordedKeyTypes(hostname: hostname, port: port)
        var seen = Set<String>()
        return types.compactMap(Self.hostKeyMethod(forKeyType:)).filter { seen.insert($0).inserted }
    }

    public func verify(
        _ key: HostKey, hostname: String, port: Int, connectionLabel: String, generation: AttemptGeneration
    ) async throws {
        let vaultRecords = try await store.snapshot().knownHosts
        let verdict = Self.combine(
            KnownHostsMatcher(records: vaultRecords).verdict(
                hostname: hostname, port: port, keyType: key.algorithm, keyBlob: key.blob),
            systemMatcher.verdict(hostname: hostname, port: port, keyType: key.algorithm, keyBlob: key.blob))
        let name = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
        switch verdict {
        case .known(let record):
            logger.debug("\(connectionLabel): \(key.algorithm) host key \(key.fingerprint) of \(name) is known (\(describe(record)))")
        case .revoked(let record):
            let detail = "the \(key.algorithm) host key \(key.fingerprint) offered by \(name) is revoked by the @revoked "
                + "record '\(record.pattern)' (\(place(of: record))); nothing was sent. The server must use another key."
            logger.warning("\(connectionLabel): \(detail)")
            throw SSHFailure(.hostKeyRevoked, connection: connectionLabel, detail: detail)
        case .changed(let records):
            let detail = changedDetail(key, name: name, hostname: hostname, records: records)
            logger.warning("\(connectionLabel): \(detail)")
            throw SSHFailure(.hostKeyChanged, connection: connectionLabel, detail: detail)
        case .unknown(let recordedKeyTypes):
            try await decideUnknown(
                key, hostname: hostname, port: port, recordedKeyTypes: recordedKeyTypes,
                connectionLabel: connectionLabel, generation: generation)
        }
    }

    // MARK: Unknown keys

    private func decideUnknown(
        _ key: HostKey, hostname: String, port: Int, recordedKeyTypes: [String], connectionLabel: String,
        generation: AttemptGeneration
    ) async throws {
        let name = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
        if policy == .acceptNew {
            try await save(key, hostname: hostname, port: port)
            logger.notice("\(connectionLabel): saved the new \(key.algorithm) host key \(key.fingerprint) of \(name) (--accept-new)")
            return
        }
        let question = HostKeyQuestion(
            hostname: hostname, port: port, keyType: key.algorithm, fingerprint: key.fingerprint,
            recordedKeyTypes: recordedKeyTypes)
        let answer: InteractionAnswer
        do {
            answer = try await interactions.ask(.hostKey(question), connectionLabel: connectionLabel, generation: generation)
        } catch is InteractionRequired {
            throw SSHFailure(
                .hostKeyUnknown, connection: connectionLabel,
                detail: "the \(key.algorithm) host key \(key.fingerprint) of \(name) is not trusted and nothing may ask; "
                    + "check the fingerprint, then pass --accept-new to save new keys, or add it with 'termind known-hosts add'")
        } catch is CancellationError {
            throw SSHFailure(
                .cancelled, connection: connectionLabel,
                detail: "cancelled while the \(key.algorithm) host key \(key.fingerprint) of \(name) awaited a decision")
        }
        switch answer {
        case .hostKey(.trustOnce):
            logger.notice("\(connectionLabel): trusted the \(key.algorithm) host key \(key.fingerprint) of \(name) once (not saved)")
        case .hostKey(.trustAndSave):
            try await save(key, hostname: hostname, port: port)
            logger.notice("\(connectionLabel): trusted and saved the \(key.algorithm) host key \(key.fingerprint) of \(name)")
        default:
            logger.notice("\(connectionLabel): rejected the \(key.algorithm) host key \(key.fingerprint) of \(name)")
            throw SSHFailure(
                .hostKeyRejected, connection: connectionLabel,
                detail: "the \(key.algorithm) host key \(key.fingerprint) of \(name) was rejected; nothing was sent")
        }
    }

    /// Adds one Known Host for the key, unless the Vault already holds the same one (another
    /// connection may have saved it while this one asked).
    private func save(_ key: HostKey, hostname: String, port: Int) async throws {
        let pattern = KnownHostsMatcher.lookupName(hostname: hostname.lowercased(), port: port)
        let existing = try await store.snapshot().knownHosts
        guard !existing.contains(where: {
            $0.marker == .none && $0.pattern == pattern && $0.keyType == key.algorithm && $0.keyBlob == key.blob
        }) else { return }
        let record = KnownHost(pattern: pattern, keyType: key.algorithm, keyBlob: key.blob)
        do {
            try await store.apply([.save(.knownHost(record))])
        } catch VaultRuleViolation.knownHostExists {
            // A parallel connection (or process) saved the same key between the read and the write.
        }
    }

    // MARK: Messages

    private func changedDetail(_ key: HostKey, name: String, hostname: String, records: [KnownHost]) -> String {
        let stored = records.map { "\($0.fingerprint) in \(describe($0))" }.joined(separator: "; ")
        var remedies: [String] = []
        let vaultPatterns = records.filter { systemOrigins[$0.id] == nil }.map(\.pattern)
        var seen = Set<String>()
        for pattern in vaultPatterns where seen.insert(pattern).inserted {
            remedies.append("remove the old record with 'termind known-hosts rm \(pattern)'")
        }
        let files = records.compactMap { systemOrigins[$0.id] }
        if !files.isEmpty {
            let lines = files.map(\.location).joined(separator: ", ")
            remedies.append(
                "delete \(lines) (ssh-keygen -R '\(name)'; termind never edits that file) or pass --no-system-known-hosts")
        }
        return "the \(key.algorithm) host key of \(name) has CHANGED: the server offers \(key.fingerprint), but "
            + "the recorded key is \(stored). Someone may be intercepting the connection, or the server's key was "
            + "replaced; nothing was sent. If the new key is expected, " + remedies.joined(separator: ", and ")
            + ", then connect again."
    }

    /// "the Vault's Known Hosts, record 'web ssh-ed25519'" or "/root/.ssh/known_hosts:3, record 'web ssh-ed25519'".
    private func describe(_ record: KnownHost) -> String {
        "\(place(of: record)), record '\(record.pattern) \(record.keyType)'"
    }

    private func place(of record: KnownHost) -> String {
        if let origin = systemOrigins[record.id] { return origin.location }
        return "the Vault's Known Hosts"
    }

    // MARK: Rules

    /// One verdict from the Vault's and the file's: revoked anywhere wins, then known
    /// anywhere, then changed (the records of both), else unknown with every recorded type.
    static func combine(_ vault: HostKeyVerdict, _ system: HostKeyVerdict) -> HostKeyVerdict {
        for verdict in [vault, system] { if case .revoked = verdict { return verdict } }
        for verdict in [vault, system] { if case .known = verdict { return verdict } }
        var changed: [KnownHost] = []
        var types = Set<String>()
        for verdict in [vault, system] {
            switch verdict {
            case .changed(let records): changed += records
            case .unknown(let recorded): types.formUnion(recorded)
            case .known, .revoked: break
            }
        }
        return changed.isEmpty ? .unknown(recordedKeyTypes: types.sorted()) : .changed(records: changed)
    }

    /// The libssh2 host key method for a known_hosts key type: `ssh-ed25519`,
    /// `ecdsa-sha2-nistp256/384/521`, `ssh-rsa` (RSA keys are recorded as `ssh-rsa` whatever
    /// signature was negotiated). Nil for types libssh2 1.10 cannot negotiate as host keys here.
    public static func hostKeyMethod(forKeyType keyType: String) -> String? {
        switch keyType {
        case "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa": keyType
        case "rsa-sha2-256", "rsa-sha2-512": "ssh-rsa"
        default: nil
        }
    }
}
