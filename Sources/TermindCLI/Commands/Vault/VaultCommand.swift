/// `termind vault`: where the Vault lives and how its secrets are sealed.
struct VaultCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "vault", abstract: "Show the Vault's status; set or clear its master passphrase")
    static let subcommands: [any Command.Type] = [VaultStatusCommand.self, VaultPassphraseCommand.self]
    let path: [String]
    init(path: [String]) { self.path = path }
}
