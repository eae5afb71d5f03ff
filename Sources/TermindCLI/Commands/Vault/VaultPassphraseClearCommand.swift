/// `termind vault passphrase clear`: back to the key file, every secret re-sealed.
struct VaultPassphraseClearCommand: Command {
    static let definition = CommandDefinition(
        name: "clear", abstract: "Remove the master passphrase and seal secrets with the key file again")

    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = VaultAccess(context, dataDirectory: dataDirectory)
        try await access.services.keyControl.clearPassphrase()
        context.out("the Vault's secrets are sealed with the key file \(access.paths.vaultKeyFile) again\n")
        return 0
    }
}
