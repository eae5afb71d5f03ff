/// `termind vault passphrase set|clear`
struct VaultPassphraseCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "passphrase", abstract: "Seal the Vault's secrets under a master passphrase, or go back to the key file")
    static let subcommands: [any Command.Type] = [VaultPassphraseSetCommand.self, VaultPassphraseClearCommand.self]
    let path: [String]
    init(path: [String]) { self.path = path }
}
