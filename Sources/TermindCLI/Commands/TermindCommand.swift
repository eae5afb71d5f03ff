/// The root: `termind` with no command opens the workbench TUI (help when not on a terminal).
public struct TermindCommand: Command {
    public static let definition = CommandDefinition(
        name: "termind",
        abstract: "an SSH/SFTP workbench for the terminal",
        discussion: """
            Termind keeps Hosts, Identities, Keys, Snippets and Known Hosts in one Vault and uses
            them from an interactive workspace and from scripts. 'termind' alone, on a terminal,
            opens the workbench; 'termind demo' tries it against a private local server. Run
            'termind help COMMAND' for a command's options.
            """,
        options: [
            .flag("version", help: "Print the version and exit"),
            .option(
                "data-dir", .path, valueName: "DIR", global: true,
                help: "Keep the Vault in DIR (default $TERMIND_HOME, else $XDG_DATA_HOME/termind)"),
        ]
    )

    public static let subcommands: [any Command.Type] = [
        ConnectCommand.self, DemoCommand.self,
        ExecCommand.self, MetricsCommand.self, SSHCommand.self, ForwardCommand.self, CpCommand.self, LsCommand.self, MkdirCommand.self, RmCommand.self, HostsCommand.self, IdentitiesCommand.self, KeysCommand.self, SnippetsCommand.self, TemplatesCommand.self,
        KnownHostsCommand.self, ImportCommand.self, VaultCommand.self, CompletionCommand.self, HelpCommand.self,
        EditCommand.self, ControlHoldCommand.self,
        HistoryCommand.self, MCPCommand.self,
    ]

    let dataDirectory: String?

    public init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
    }

    public func run(_ context: CommandContext) async throws -> Int32 {
        guard WorkbenchLaunch.hasTerminal else {
            context.out(HelpFormatter(root: context.root).help(for: []))
            return 0
        }
        return try await WorkbenchLaunch.run(context, dataDirectory: dataDirectory)
    }
}
