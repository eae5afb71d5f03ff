import Foundation
import TermindApplication
import TermindInfrastructure
import TermindRemoteInfrastructure

extension ConnectionOpener {
    /// The opener over the real adapters, for every connecting command and the workbench: the
    /// Vault's store and sealed secrets, the system's local account, agent keys when
    /// `SSH_AUTH_SOCK` is set, the libssh2 connector, and `~/.ssh/known_hosts` (read-only)
    /// unless `systemKnownHosts` is off (`--no-system-known-hosts`).
    init(
        _ context: CommandContext, vault: VaultAccess, systemKnownHosts: Bool, policy: HostKeyPolicy = .ask,
        connectTimeout: Duration = .seconds(15), requestTimeout: Duration = .seconds(60)
    ) {
        let preparer = ConnectionPreparer(
            store: vault.store, secrets: vault.services.secrets, keyCodec: vault.keyCodec,
            localAccount: SystemLocalAccount(environment: context.environment),
            useAgent: context.environment["SSH_AUTH_SOCK"] != nil)
        self.init(
            preparer: preparer, connector: LibSSH2Connector(logger: context.logger),
            systemRecords: systemKnownHosts ? Self.systemKnownHosts(context) : [], policy: policy,
            connectTimeout: connectTimeout, requestTimeout: requestTimeout, logger: context.logger)
    }

    /// `~/.ssh/known_hosts` (read-only); bad lines are logged and skipped.
    static func systemKnownHosts(_ context: CommandContext) -> [KnownHostsFileRecord] {
        let home = SystemLocalAccount(environment: context.environment).homeDirectory
        return SystemKnownHosts(homeDirectory: home, logger: context.logger).load()
    }
}
