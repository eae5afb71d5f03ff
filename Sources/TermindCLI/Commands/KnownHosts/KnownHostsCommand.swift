/// `termind known-hosts`: the Vault's trust records.
struct KnownHostsCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "known-hosts", abstract: "List, show, add, remove, check and find Known Hosts (trust records)",
        examples: [
            "termind known-hosts add '[db.example.com]:2222' ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA...",
            "termind known-hosts rm old.example.com --type ssh-rsa",
            "termind known-hosts find db.example.com --port 2222",
        ])
    static let subcommands: [any Command.Type] = [
        KnownHostsListCommand.self, KnownHostsShowCommand.self, KnownHostsAddCommand.self, KnownHostsRemoveCommand.self,
        KnownHostsCheckCommand.self, KnownHostsFindCommand.self,
    ]
    let path: [String]
    init(path: [String]) { self.path = path }
}
