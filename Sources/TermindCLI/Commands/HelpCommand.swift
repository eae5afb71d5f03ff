/// `termind help [COMMAND...]`: the same text as `COMMAND --help`; `termind help --man` prints
/// the man page, `termind.1`.
public struct HelpCommand: Command {
    public static let definition = CommandDefinition(
        name: "help",
        abstract: "Show help for termind or one of its commands",
        arguments: [.init("COMMAND", optional: true, repeating: true, help: "The command, e.g. 'hosts add'")],
        options: [.flag("man", help: "Print the man page (roff), as 'make install' installs it")],
        examples: ["termind help", "termind help help", "termind help --man | man -l -"]
    )

    let path: [String]
    let man: Bool

    public init(_ parsed: ParsedCommandLine) throws(UsageError) {
        path = parsed.argumentList("COMMAND")
        man = parsed.flag("man")
    }

    public func run(_ context: CommandContext) async throws -> Int32 {
        if man {
            context.out(ManPage(root: context.root, version: TermindVersion.current).text)
            return 0
        }
        let formatter = HelpFormatter(root: context.root)
        guard formatter.chain(for: path) != nil else {
            throw UsageError("no command '\(path.joined(separator: " "))'; run 'termind help' to list commands")
        }
        context.out(formatter.help(for: path))
        return 0
    }
}
