/// `termind known-hosts`: the Vault's trust records.
struct KnownHostsCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "known-hosts", abstract: "List, show, add, remove and check Known Hosts (trust records)",
        examples: [
            "termind known-hosts add '[db.example.com]:2222' ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA...",
            "termind known-hosts rm old.example.com --type ssh-rsa",
        ])
    static let subcommands: [any Command.Type] = [
        KnownHostsListCommand.self, KnownHostsShowCommand.self, KnownHostsAddCommand.self, KnownHostsRemoveCommand.self,
        KnownHostsCheckCommand.self,
    ]
    let path: [String]
    init(path: [String]) { self.path = path }
}
