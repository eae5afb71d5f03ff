import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindRemoteInfrastructure

/// The composition root for connecting commands (`exec`, `ssh`, `known-hosts check`): the
/// Vault, connection preparation, the one interaction queue (a terminal presenter, or the
/// silent one with `--batch` or no terminal), host-key trust (the Vault's Known Hosts plus
/// `~/.ssh/known_hosts` read-only) and the libssh2 connector.
struct ConnectionAccess: Sendable {
    let store: any VaultStore
    let preparer: ConnectionPreparer
    let interactions: InteractionQueue
    let trust: HostKeyTrust
    let connector: any SSHConnector
    let options: ConnectionOptions
    let keyFile: AdHocKeyFile?
    /// Where the Vault, the config and the state (partial-transfer records) live.
    let paths: XDGPaths

    init(_ context: CommandContext, options: ConnectionOptions) throws {
        let vault = VaultAccess(context, dataDirectory: options.dataDirectory)
        self.options = options
        paths = vault.paths
        store = vault.store
        interactions = InteractionQueue(presenter: options.mayPrompt ? TerminalPresenter() as any InteractionPresenter : SilentPresenter())
        trust = HostKeyTrust(
            store: vault.store,
            systemRecords: options.systemKnownHosts ? Self.systemKnownHosts(context) : [],
            policy: options.acceptNew ? .acceptNew : .ask, interactions: interactions, logger: context.logger)
        preparer = ConnectionPreparer(
            store: vault.store, secrets: vault.services.secrets, keyCodec: vault.keyCodec,
            localUsername: context.environment["USER"] ?? String(cString: getpwuid(getuid()).pointee.pw_name),
            useAgent: context.environment["SSH_AUTH_SOCK"] != nil)
        connector = LibSSH2Connector(logger: context.logger)
        keyFile = try options.identityFile.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw FileReadFailure(path: path) }
            return AdHocKeyFile(path: path, privateKey: Secret(bytes: Array(data)))
        }
    }

    /// Plans and opens an authenticated connection to a Vault label or an ad-hoc target. A
    /// Vault Host's opened session adds a Connection History entry (docs/behaviour.md §2).
    func connect(_ destination: String) async throws -> any SSHConnection {
        let plan = try await preparer.plan(destination: destination, loginName: options.login, keyFile: keyFile)
        let context = ConnectionContext(
            interactions: interactions, trust: trust, generation: .next(), connectTimeout: options.connectTimeout,
            requestTimeout: options.ioTimeout)
        let connection = try await connector.connect(plan, using: context)
        // History is a convenience: a Vault that cannot record it never fails the session.
        if let host = try? await store.snapshot().host(destination) {
            try? await store.record(ConnectionHistoryEntry(hostID: host.id, kind: .ssh))
        }
        return connection
    }

    /// The host key `destination` offers, read through its jump hosts (each checked and
    /// authenticated as for a connection); nothing is sent to `destination` itself.
    func offeredHostKey(_ destination: String) async throws -> HostKey {
        let plan = try await preparer.plan(destination: destination, loginName: options.login, keyFile: keyFile)
        let context = ConnectionContext(
            interactions: interactions, trust: trust, generation: .next(), connectTimeout: options.connectTimeout,
            requestTimeout: options.ioTimeout)
        return try await connector.offeredHostKey(plan, using: context)
    }

    /// Opens another connection to `destination` that never asks anything: for a transfer's
    /// extra connections (docs/behaviour.md §4). A host key trusted only once, or a password typed for the
    /// first connection, is not remembered, so such a connection fails and the transfer uses
    /// the first one serially instead.
    func connectSilently(_ destination: String) async throws -> any SSHConnection {
        let plan = try await preparer.plan(destination: destination, loginName: options.login, keyFile: keyFile)
        let silent = InteractionQueue(presenter: SilentPresenter())
        let silentTrust = HostKeyTrust(
            store: trust.store, systemRecords: trust.systemRecords, policy: trust.policy, interactions: silent, logger: trust.logger)
        let context = ConnectionContext(
            interactions: silent, trust: silentTrust, generation: .next(), connectTimeout: options.connectTimeout,
            requestTimeout: options.ioTimeout)
        return try await connector.connect(plan, using: context)
    }

    /// Connects, runs `body` on the connection, and closes it whether `body` returns or throws.
    func withConnection<Result>(
        to destination: String, _ body: (any SSHConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await connect(destination)
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    static let hostKeyProbe = SSH2HostKeyProbe()

    /// `~/.ssh/known_hosts` (read-only); bad lines are logged and skipped.
    static func systemKnownHosts(_ context: CommandContext) -> [KnownHostsFileRecord] {
        let home = context.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return SystemKnownHosts(homeDirectory: home, logger: context.logger).load()
    }

    /// `termind: <what failed>` for a connection's own failure, naming its category.
    static func message(for error: any Error) -> String {
        switch error {
        case let failure as SSHFailure: "termind: \(failure.category): \(failure.description)\n"
        case let failure as any CategorizedFailure: "termind: \(failure.description)\n"
        default: "termind: \(error)\n"
        }
    }
}
