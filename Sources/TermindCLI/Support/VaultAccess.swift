import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// The composition root for Vault commands: the paths (`--data-dir`, `TERMIND_HOME`, XDG),
/// the SQLite store and sealed secrets, and where the master passphrase comes from
/// (`TERMIND_VAULT_PASSPHRASE`, else a no-echo prompt on the terminal).
struct VaultAccess {
    let paths: XDGPaths
    let services: VaultServices

    /// `prompts`: false for `termind mcp`, whose terminal is an agent's: a Vault with a master
    /// passphrase then needs TERMIND_VAULT_PASSPHRASE.
    init(_ context: CommandContext, dataDirectory: String?, prompts: Bool = true) {
        let environment = context.environment
        paths = XDGPaths(
            environment: environment, homeDirectory: SystemLocalAccount(environment: environment).homeDirectory,
            currentDirectory: FileManager.default.currentDirectoryPath, dataDirectoryOverride: dataDirectory)
        let databasePath = paths.databaseFile
        // A person at the terminal gets three tries; the variable a script sets, one.
        let fromVariable = environment[Self.passphraseVariable] != nil
        let asked = Mutex(0)
        services = VaultServices(
            paths: paths,
            passphraseSource: {
                let tries = asked.withLock { count in
                    count += 1
                    return count
                }
                if tries > 1 { context.err("termind: wrong passphrase; try again (\(tries) of \(Self.passphraseTries))\n") }
                return try Self.masterPassphrase(environment: environment, databasePath: databasePath, prompts: prompts)
            },
            passphraseTries: fromVariable ? 1 : Self.passphraseTries)
    }

    /// How many times a person is asked for the master passphrase while it is wrong.
    static let passphraseTries = 3

    var store: any VaultStore { services.store }

    var keyCodec: any PrivateKeyCodec { OpenSSLPrivateKeyCodec() }

    func editor() -> VaultEditor {
        VaultEditor(store: services.store, secrets: services.secrets, keyCodec: keyCodec)
    }

    /// The variable that gives the master passphrase to scripts.
    static let passphraseVariable = "TERMIND_VAULT_PASSPHRASE"

    static func masterPassphrase(environment: [String: String], databasePath: String, prompts: Bool = true) throws -> Secret {
        if let value = environment[passphraseVariable] { return Secret(value) }
        guard prompts else { throw VaultUnavailable(location: databasePath, cause: .passphraseRequired) }
        do {
            return try SecretInput.prompt(
                "Vault passphrase: ", need: "the Vault's master passphrase",
                remedy: "set \(passphraseVariable)")
        } catch is InteractionRequired {
            throw VaultUnavailable(location: databasePath, cause: .passphraseRequired)
        }
    }
}
