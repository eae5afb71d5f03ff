/// `termind snippets`: named scripts to type into panes or run with `exec`.
struct SnippetsCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "snippets", abstract: "List, show, add, edit and remove Snippets",
        examples: ["termind snippets add disk --script 'df -h /'", "termind snippets add deploy --file deploy.sh --tag ops"])
    static let subcommands: [any Command.Type] = [
        SnippetsListCommand.self, SnippetsShowCommand.self, SnippetsAddCommand.self, SnippetsEditCommand.self,
        SnippetsRemoveCommand.self,
    ]
    let path: [String]
    init(path: [String]) { self.path = path }
}
