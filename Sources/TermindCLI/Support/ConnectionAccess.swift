import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindRemoteInfrastructure

/// The composition root for connecting commands (`exec`, `ssh`, `cp`, `ls`, `rm`, `mkdir`,
/// `known-hosts check`): the command's options over the one `ConnectionOpener`, with the one
/// interaction queue (a terminal presenter, or the silent one with `--batch` or no terminal),
/// `--accept-new`, `-l`, `-i` and the timeouts.
struct ConnectionAccess: Sendable {
    let opener: ConnectionOpener
    let interactions: InteractionQueue
    let options: ConnectionOptions
    let keyFile: AdHocKeyFile?
    /// Where the Vault, the config and the state (partial-transfer records) live.
    let paths: XDGPaths
    /// The control socket; `connect` and `connectSilently` use another process's connection
    /// through it when `shares` (the command allows it and `--no-share` was not given).
    let sharing: ControlSocketSharing
    let shares: Bool

    /// `sharing`: the command may use a connection another termind process shares (`exec`,
    /// `ssh`, `cp`, `ls`, `rm`, `mkdir`), unless `--no-share`.
    /// `vaultPrompts`: false when this process's terminal is not a person's (`termind mcp`).
    /// `vault`: the Vault this process already opened (`termind mcp`), so one connection to
    /// the database serves the whole process.
    init(
        _ context: CommandContext, options: ConnectionOptions, sharing: Bool = false, vaultPrompts: Bool = true,
        vault opened: VaultAccess? = nil
    ) throws {
        let vault = opened ?? VaultAccess(context, dataDirectory: options.dataDirectory, prompts: vaultPrompts)
        self.options = options
        paths = vault.paths
        interactions = InteractionQueue(presenter: options.mayPrompt ? TerminalPresenter() as any InteractionPresenter : SilentPresenter())
        opener = ConnectionOpener(
            context, vault: vault, systemKnownHosts: options.systemKnownHosts, policy: options.acceptNew ? .acceptNew : .ask,
            connectTimeout: options.connectTimeout, requestTimeout: options.ioTimeout)
        self.sharing = ControlSocketSharing(
            opener: opener, vaultFile: paths.databaseFile, environment: context.environment, logger: context.logger)
        shares = sharing && !options.noShare
        keyFile = try options.identityFile.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw FileReadFailure(path: path) }
            var bytes = Array(data)
            return AdHocKeyFile(path: path, privateKey: Secret(wiping: &bytes))
        }
    }

    /// Plans and opens an authenticated connection to a Vault label or an ad-hoc target. A
    /// Vault Host's opened session adds a Connection History entry (docs/behaviour.md §2).
    /// With sharing, a connection another termind process holds for the same destination is
    /// used through its control socket instead (no handshake, no authentication).
    func connect(_ destination: String) async throws -> any SSHConnection {
        let (opener, login, keyFile, interactions) = (opener, options.login, keyFile, interactions)
        return try await sharedOrOwn(destination, interactions: interactions, recordingSession: true) {
            try await opener.open(destination, loginName: login, keyFile: keyFile, interactions: interactions)
        }
    }

    /// The host key `destination` offers, read through its jump hosts (each checked and
    /// authenticated as for a connection); nothing is sent to `destination` itself.
    func offeredHostKey(_ destination: String) async throws -> HostKey {
        try await opener.offeredHostKey(destination, loginName: options.login, keyFile: keyFile, interactions: interactions)
    }

    /// Opens another connection to `destination` that never asks anything: for a transfer's
    /// extra connections (docs/behaviour.md §4). A host key trusted only once, or a password typed for the
    /// first connection, is not remembered, so such a connection fails and the transfer uses
    /// the first one serially instead.
    func connectSilently(_ destination: String) async throws -> any SSHConnection {
        let (opener, login, keyFile) = (opener, options.login, keyFile)
        return try await sharedOrOwn(destination, interactions: InteractionQueue(presenter: SilentPresenter())) {
            try await opener.openSilently(destination, loginName: login, keyFile: keyFile)
        }
    }

    /// The connection another process shares for `destination`, with `own` as its fallback
    /// (`SharedConnectionFallback`); `own` itself when nothing is shared or sharing is off.
    private func sharedOrOwn(
        _ destination: String, interactions: InteractionQueue, recordingSession: Bool = false,
        own: @escaping @Sendable () async throws -> any SSHConnection
    ) async throws -> any SSHConnection {
        guard shares, let shared = try await sharing.shared(destination, loginName: options.login, interactions: interactions)
        else { return try await own() }
        if recordingSession { await opener.recordSession(destination, kind: .ssh) }
        return SharedConnectionFallback(shared: shared, logger: sharing.logger, connectOwn: own)
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

    /// `termind: <what failed>` for a connection's own failure, naming its category.
    static func message(for error: any Error) -> String {
        switch error {
        case let failure as SSHFailure: "termind: \(failure.category): \(failure.description)\n"
        case let failure as any CategorizedFailure: "termind: \(failure.description)\n"
        default: "termind: \(error)\n"
        }
    }
}
