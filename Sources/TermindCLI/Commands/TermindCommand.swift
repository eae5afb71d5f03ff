/// The root: `termind` with no command shows help (the workbench TUI will open here).
public struct TermindCommand: Command {
    public static let definition = CommandDefinition(
        name: "termind",
        abstract: "an SSH/SFTP workbench for the terminal",
        discussion: """
            Termind keeps Hosts, Identities, Keys, Snippets and Known Hosts in one Vault and uses
            them from an interactive workspace and from scripts. Run 'termind help COMMAND' for a
            command's options.
            """,
        options: [
            .flag("version", help: "Print the version and exit"),
            .option(
                "data-dir", .path, valueName: "DIR", global: true,
                help: "Keep the Vault in DIR (default $TERMIND_HOME, else $XDG_DATA_HOME/termind)"),
        ]
    )

    public static let subcommands: [any Command.Type] = [
        ExecCommand.self, SSHCommand.self, CpCommand.self, LsCommand.self, MkdirCommand.self, RmCommand.self, HostsCommand.self, IdentitiesCommand.self, KeysCommand.self, SnippetsCommand.self,
        KnownHostsCommand.self, ImportCommand.self, VaultCommand.self, HelpCommand.self,
    ]

    public init(_ parsed: ParsedCommandLine) throws(UsageError) {}

    public func run(_ context: CommandContext) async throws -> Int32 {
        context.out(HelpFormatter(root: context.root).help(for: []))
        return 0
    }
}
