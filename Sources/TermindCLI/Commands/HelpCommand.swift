import TermindDomain
import TermindResources

/// `termind help [COMMAND...]`: the same text as `COMMAND --help`; `termind help --man` prints
/// the man page, `termind.1`, and `--markdown` the command reference of `docs/usage.md`.
public struct HelpCommand: Command {
    public static let definition = CommandDefinition(
        name: "help",
        abstract: "Show help for termind or one of its commands",
        arguments: [.init("COMMAND", optional: true, repeating: true, help: "The command, e.g. 'hosts add'")],
        options: [
            .flag("man", help: "Print the man page (roff), as 'make install' installs it"),
            .flag("markdown", help: "Print the command reference in Markdown, as docs/usage.md holds it"),
        ],
        examples: ["termind help", "termind help help", "termind help --man | man -l -"]
    )

    let path: [String]
    let man: Bool
    let markdown: Bool

    public init(_ parsed: ParsedCommandLine) throws(UsageError) {
        path = parsed.argumentList("COMMAND")
        man = parsed.flag("man")
        markdown = parsed.flag("markdown")
    }

    public func run(_ context: CommandContext) async throws -> Int32 {
        if man {
            // The workbench's keys, from the keymap the help overlay (C-\ ?) lists.
            let keys = Keymap.load(defaults: try TermindResources.defaultKeymap(), user: nil).keymap.helpRows()
            context.out(ManPage(root: context.root, version: TermindVersion.current, keys: keys).text)
            return 0
        }
        if markdown {
            context.out(UsageReference(root: context.root).text)
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
