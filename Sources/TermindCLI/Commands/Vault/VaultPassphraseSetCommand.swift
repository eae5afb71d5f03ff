import TermindDomain

/// `termind vault passphrase set [--passphrase-stdin]`: every secret is re-sealed under a key
/// derived from the new passphrase (scrypt). A current passphrase comes from
/// `TERMIND_VAULT_PASSPHRASE` or the prompt.
struct VaultPassphraseSetCommand: Command {
    static let definition = CommandDefinition(
        name: "set", abstract: "Set or change the master passphrase (re-seals every secret)",
        options: [.flag("passphrase-stdin", help: "Read the new passphrase from standard input")])

    let fromStandardInput: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        fromStandardInput = parsed.flag("passphrase-stdin")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let passphrase = fromStandardInput
            ? SecretInput.readStandardInput()
            : try SecretInput.promptNew(
                "New vault passphrase: ", need: "the new master passphrase", remedy: "pass --passphrase-stdin")
        guard !passphrase.isEmpty else { throw UsageError("the passphrase cannot be empty", commandPath: ["vault", "passphrase", "set"]) }
        try await VaultAccess(context, dataDirectory: dataDirectory).services.keyControl.setPassphrase(passphrase)
        context.out("the Vault's secrets are now sealed under the master passphrase\n")
        return 0
    }
}
