/// `termind hosts`: the Vault's Hosts.
struct HostsCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "hosts", abstract: "List, show, add, edit and remove Hosts",
        examples: [
            "termind hosts add web --hostname 10.0.0.5 --port 2222 --user deploy --identity deploy --jump bastion --tag prod",
            "termind hosts list --tag prod --json",
        ])
    static let subcommands: [any Command.Type] = [
        HostsListCommand.self, HostsShowCommand.self, HostsAddCommand.self, HostsEditCommand.self, HostsRemoveCommand.self,
    ]
    let path: [String]
    init(path: [String]) { self.path = path }
}
