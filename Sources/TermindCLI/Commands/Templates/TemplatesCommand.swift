/// `termind templates`: saved Workspace layouts (saved in the workbench with `C-\ S`).
struct TemplatesCommand: CommandGroup {
    static let definition = CommandDefinition(
        name: "templates", abstract: "List, show and remove Workspace Templates",
        discussion: """
            A Template is a Workspace's layout: each pane's kind (terminal, browser, this machine's
            browser, empty), Host and name (C-\\ P names a pane), and every divider. Save one in
            the workbench with C-\\ S; open it from Quick Open (C-\\ f) or with termind connect
            --template NAME.
            """,
        examples: ["termind templates list --json", "termind connect --template ops"])
    static let subcommands: [any Command.Type] = [TemplatesListCommand.self, TemplatesShowCommand.self, TemplatesRemoveCommand.self]
    let path: [String]
    init(path: [String]) { self.path = path }
}
