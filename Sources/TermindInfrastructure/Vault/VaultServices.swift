import Foundation
import TermindApplication
import TermindDomain

/// The Vault for one process, wired: the records store, the sealed secrets and the vault-key
/// control, all sharing one `VaultDatabase` (one SQLite connection) and one `VaultKeyring`.
/// The command line and the TUI build one of these at start-up.
///
/// A value, `Sendable`; nothing is opened until the first call on one of its ports.
public struct VaultServices: Sendable {
    /// The environment variable the command line reads the master passphrase from.
    public static let passphraseVariable = "TERMIND_VAULT_PASSPHRASE"

    public let paths: XDGPaths
    public let database: VaultDatabase
    public let keyring: VaultKeyring
    public let store: any VaultStore
    public let secrets: any SecretStore
    public let keyControl: any VaultKeyControl

    /// - Parameters:
    ///   - paths: `databaseFile` and `vaultKeyFile` are used.
    ///   - passphraseSource: asked for the master passphrase, only when one is set and a secret
    ///     is sealed or opened; it should return it or throw (e.g. `.passphraseRequired`).
    ///   - passphraseTries: how many times `passphraseSource` is asked while the answer is wrong.
    ///   - busyTimeout: how long to wait for another process's lock before `.locked`.
    public init(
        paths: XDGPaths, passphraseSource: @escaping @Sendable () throws -> Secret, passphraseTries: Int = 1,
        busyTimeout: Duration = .seconds(5), logger: any Logger = NullLogger()
    ) {
        self.paths = paths
        database = VaultDatabase(path: paths.databaseFile, busyTimeout: busyTimeout, logger: logger)
        keyring = VaultKeyring(
            keyFilePath: paths.vaultKeyFile, passphraseSource: passphraseSource, passphraseTries: passphraseTries, logger: logger)
        store = SQLiteVaultStore(database: database)
        secrets = SealedSecretStore(database: database, keyring: keyring)
        keyControl = VaultKeyController(database: database, keyring: keyring)
    }

    /// A passphrase source for processes that may not prompt: `TERMIND_VAULT_PASSPHRASE` from
    /// `environment`, else `VaultUnavailable(.passphraseRequired)` naming `databasePath`. A
    /// terminal front end wraps this with its no-echo prompt.
    public static func environmentPassphrase(
        _ environment: [String: String], databasePath: String
    ) -> @Sendable () throws -> Secret {
        let value = environment[passphraseVariable]
        return {
            guard let value, !value.isEmpty else {
                throw VaultUnavailable(location: databasePath, cause: .passphraseRequired)
            }
            return Secret(value)
        }
    }
}
