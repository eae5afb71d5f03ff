import TermindDomain

/// `termind vault passphrase set [--passphrase-stdin]`: every secret is re-sealed under a key
/// derived from the new passphrase (scrypt). A current passphrase comes from
/// `TERMIND_VAULT_PASSPHRASE` or the prompt.
struct VaultPassphraseSetCommand: Command {
    static let definition = CommandDefinition(
        name: "set", abstract: "Set or change the master passphrase (re-seals every secret)",
        discussion: """
            The key file that sealed the secrets before no longer opens this Vault, but it still opens older copies
            of it (backups). On a terminal you are asked whether to remove it; --remove-key-file removes it, and
            otherwise it is kept and its path printed.
            """,
        options: [
            .flag("passphrase-stdin", help: "Read the new passphrase from standard input"),
            .flag("remove-key-file", help: "Remove the old vault key file without asking"),
        ])

    let fromStandardInput: Bool
    let removeKeyFile: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        fromStandardInput = parsed.flag("passphrase-stdin")
        removeKeyFile = parsed.flag("remove-key-file")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let passphrase = fromStandardInput
            ? SecretInput.readStandardInput()
            : try SecretInput.promptNew(
                "New vault passphrase: ", need: "the new master passphrase", remedy: "pass --passphrase-stdin")
        guard !passphrase.isEmpty else { throw UsageError("the passphrase cannot be empty", commandPath: ["vault", "passphrase", "set"]) }
        let keyControl = VaultAccess(context, dataDirectory: dataDirectory).services.keyControl
        let oldKeyFile = try await keyControl.setPassphrase(passphrase)
        context.out("the Vault's secrets are now sealed under the master passphrase\n")
        guard let oldKeyFile else { return 0 }
        if try removeKeyFile || askToRemove(oldKeyFile) {
            if try await keyControl.removeRetiredKeyFile() { context.out("removed the old vault key file \(oldKeyFile)\n") }
        } else {
            context.out("""
                the old vault key file \(oldKeyFile) was kept: it no longer opens this Vault but still opens older \
                copies of it (backups); remove it when no backup needs it (vault passphrase set --remove-key-file does)

                """)
        }
        return 0
    }

    /// Asks on the terminal; without one (or with the passphrase piped in) nothing is asked.
    private func askToRemove(_ path: String) throws -> Bool {
        guard !fromStandardInput, let console = Console(path: "/dev/tty") else { return false }
        let answer = try console.readLine(
            prompt: "The old vault key file \(path) still opens older copies of this Vault (backups). Remove it? [y/N] ",
            echo: true)
        return answer.map { String(decoding: $0, as: UTF8.self).lowercased() }.map { $0 == "y" || $0 == "yes" } ?? false
    }
}
