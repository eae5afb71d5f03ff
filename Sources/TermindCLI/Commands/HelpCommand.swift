/// `termind help [COMMAND...]`: the same text as `COMMAND --help`.
public struct HelpCommand: Command {
    public static let definition = CommandDefinition(
        name: "help",
        abstract: "Show help for termind or one of its commands",
        arguments: [.init("COMMAND", optional: true, repeating: true, help: "The command, e.g. 'hosts add'")],
        examples: ["termind help", "termind help help"]
    )

    let path: [String]

    public init(_ parsed: ParsedCommandLine) throws(UsageError) {
        path = parsed.argumentList("COMMAND")
    }

    public func run(_ context: CommandContext) async throws -> Int32 {
        let formatter = HelpFormatter(root: context.root)
        guard formatter.chain(for: path) != nil else {
            throw UsageError("no command '\(path.joined(separator: " "))'; run 'termind help' to list commands")
        }
        context.out(formatter.help(for: path))
        return 0
    }
}
