import TermindDomain

/// Opening a connection (docs/behaviour.md §2), the one use case every connecting command and
/// the workbench go through: from one Vault snapshot it plans the destination
/// (`ConnectionPreparer`: a Vault Host label, else an ad-hoc `[user@]hostname[:port]`), has
/// the connector open it with the host key checked by a `HostKeyTrust` over the caller's
/// interaction queue, and adds a Connection History entry for the Vault Host it opened.
///
/// - `open` asks through the caller's queue (a terminal, the silent presenter with `--batch`,
///   or the workbench's dialogs) and records history; a Vault that cannot record it never
///   fails the connection.
/// - `openSilently` is a transfer's extra connection: nothing may ask, so a key trusted only
///   once or a password typed for the first connection is not there and it fails
///   (docs/behaviour.md §4); it records no history, being no session of its own.
/// - `offeredHostKey` reads the key the target offers through its jump hosts, sending nothing
///   to the target (`termind known-hosts check`).
///
/// A value over its ports, `Sendable`; one instance serves every connection of a command or of
/// the workbench.
public struct ConnectionOpener: Sendable {
    public let preparer: ConnectionPreparer
    public let connector: any SSHConnector
    /// Records of `~/.ssh/known_hosts`, read once by the caller (empty with `--no-system-known-hosts`).
    public let systemRecords: [KnownHostsFileRecord]
    /// `.ask`, or `.acceptNew` for `--accept-new`.
    public let policy: HostKeyPolicy
    public let connectTimeout: Duration
    /// How long each request of a file system opened on the connection may wait (`--io-timeout`).
    public let requestTimeout: Duration
    public let logger: any Logger

    public var store: any VaultStore { preparer.store }

    public init(
        preparer: ConnectionPreparer, connector: any SSHConnector, systemRecords: [KnownHostsFileRecord] = [],
        policy: HostKeyPolicy = .ask, connectTimeout: Duration = .seconds(15), requestTimeout: Duration = .seconds(60),
        logger: any Logger = NullLogger()
    ) {
        self.preparer = preparer
        self.connector = connector
        self.systemRecords = systemRecords
        self.policy = policy
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.logger = logger
    }

    /// Plans and opens an authenticated connection to `destination`; `loginName` (`-l`) and
    /// `keyFile` (`-i`) apply to the target, not its hops. Interactions go through
    /// `interactions`, tagged with `generation`. The Connection History entry is of `kind`
    /// (`sftp` for a file browser's connection).
    public func open(
        _ destination: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil,
        interactions: InteractionQueue, generation: AttemptGeneration = .next(),
        history kind: ConnectionHistoryEntry.Kind = .ssh
    ) async throws -> any SSHConnection {
        let (plan, host) = try await prepare(destination, loginName: loginName, keyFile: keyFile)
        let connection = try await connector.connect(plan, using: context(interactions, generation))
        if let host { await recordHistory(of: host, kind: kind) }
        return connection
    }

    /// Opens another connection to `destination` that never asks anything, with its own silent
    /// queue and a new generation; records no history.
    public func openSilently(
        _ destination: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil
    ) async throws -> any SSHConnection {
        let (plan, _) = try await prepare(destination, loginName: loginName, keyFile: keyFile)
        let silent = InteractionQueue(presenter: SilentPresenter())
        return try await connector.connect(plan, using: context(silent, .next()))
    }

    /// The host key `destination` offers, read through its jump hosts (each checked and
    /// authenticated as for a connection); nothing is sent to `destination` itself.
    public func offeredHostKey(
        _ destination: String, loginName: String? = nil, keyFile: AdHocKeyFile? = nil,
        interactions: InteractionQueue
    ) async throws -> HostKey {
        let (plan, _) = try await prepare(destination, loginName: loginName, keyFile: keyFile)
        return try await connector.offeredHostKey(plan, using: context(interactions, .next()))
    }

    // MARK: Sharing a connection of another process

    /// Where `open` would connect for `destination`, without its credentials (nothing
    /// unsealed, no key file read) and without connecting: a control socket's client names the
    /// socket by it and checks the server it reports against it.
    public func address(_ destination: String, loginName: String? = nil) async throws -> ConnectionPlan {
        try await preparer.address(destination: destination, loginName: loginName, in: store.snapshot())
    }

    /// Checks a host key that another process's connection was made with, as a fresh
    /// connection to `plan`'s target would check it: through this process's own view of the
    /// Known Hosts and `interactions` (so an unknown key asks here, or fails in batch; a
    /// changed or revoked one fails).
    public func verifySharedHostKey(
        _ key: HostKey, for plan: ConnectionPlan, interactions: InteractionQueue
    ) async throws {
        let trust = context(interactions, .next()).trust
        try await trust.verify(key, hostname: plan.hostname, port: plan.port, connectionLabel: plan.label, generation: .next())
    }

    /// Whether `key` is recorded as trusted for `plan`'s target (Vault or `~/.ssh/known_hosts`),
    /// asking nothing: a key trusted only once is not, so its connection is not shared.
    public func isRecordedHostKey(_ key: HostKey, for plan: ConnectionPlan) async -> Bool {
        let silent = HostKeyTrust(
            store: store, systemRecords: systemRecords, policy: .ask,
            interactions: InteractionQueue(presenter: SilentPresenter()), logger: NullLogger())
        do {
            try await silent.verify(key, hostname: plan.hostname, port: plan.port, connectionLabel: plan.label, generation: .next())
            return true
        } catch {
            return false
        }
    }

    // MARK: Steps

    /// The plan and, for a Vault label, its Host, both from one snapshot.
    private func prepare(
        _ destination: String, loginName: String?, keyFile: AdHocKeyFile?
    ) async throws -> (ConnectionPlan, TermindDomain.Host?) {
        let snapshot = try await store.snapshot()
        let plan = try await preparer.plan(destination: destination, loginName: loginName, keyFile: keyFile, in: snapshot)
        return (plan, snapshot.host(destination))
    }

    private func context(_ interactions: InteractionQueue, _ generation: AttemptGeneration) -> ConnectionContext {
        let trust = HostKeyTrust(
            store: store, systemRecords: systemRecords, policy: policy, interactions: interactions, logger: logger)
        return ConnectionContext(
            interactions: interactions, trust: trust, generation: generation, connectTimeout: connectTimeout,
            requestTimeout: requestTimeout)
    }

    /// History is a convenience: a Vault that cannot record it is logged, never fatal.
    /// A Connection History entry of `kind` for the Vault Host `destination` (nothing for an
    /// ad-hoc target): a workbench pane's session opened on a connection another pane made.
    public func recordSession(_ destination: String, kind: ConnectionHistoryEntry.Kind) async {
        guard let host = try? await store.snapshot().host(destination) else { return }
        await recordHistory(of: host, kind: kind)
    }

    private func recordHistory(of host: TermindDomain.Host, kind: ConnectionHistoryEntry.Kind) async {
        do {
            try await store.record(ConnectionHistoryEntry(hostID: host.id, kind: kind))
        } catch {
            logger.warning("could not add '\(host.label)' to the Connection History: \(error)")
        }
    }
}
