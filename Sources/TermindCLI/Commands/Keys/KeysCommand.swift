/// `termind keys`: private keys held (sealed) in the Vault.
struct KeysCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "keys", abstract: "List, show, import, generate, export and remove Keys",
        examples: [
            "termind keys generate deploy-ed25519",
            "termind keys import work --file ~/.ssh/id_ed25519 --store-passphrase",
            "termind keys export-public deploy-ed25519 >> authorized_keys",
        ])
    static let subcommands: [any Command.Type] = [
        KeysListCommand.self, KeysShowCommand.self, KeysImportCommand.self, KeysGenerateCommand.self,
        KeysExportPublicCommand.self, KeysInstallCommand.self, KeysRemoveCommand.self,
    ]
    let path: [String]
    init(path: [String]) { self.path = path }
}
