/// A command that only groups subcommands (`termind hosts`); run alone it shows its help.
protocol CommandGroup: Command {
    var path: [String] { get }
    init(path: [String])
}

extension CommandGroup {
    init(_ parsed: ParsedCommandLine) throws(UsageError) { self.init(path: parsed.commandPath) }

    func run(_ context: CommandContext) async throws -> Int32 {
        context.out(HelpFormatter(root: context.root).help(for: path))
        return 0
    }
}
