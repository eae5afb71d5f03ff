/// `termind identities`: usernames with an optional password and Key.
struct IdentitiesCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "identities", abstract: "List, show, add, edit and remove Identities",
        examples: ["echo \"$PW\" | termind identities add deploy --user deploy --key deploy-ed25519 --password-stdin"])
    static let subcommands: [any Command.Type] = [
        IdentitiesListCommand.self, IdentitiesShowCommand.self, IdentitiesAddCommand.self,
        IdentitiesEditCommand.self, IdentitiesRemoveCommand.self,
    ]
    let path: [String]
    init(path: [String]) { self.path = path }
}
