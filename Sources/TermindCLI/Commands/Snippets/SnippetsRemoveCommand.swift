/// `termind snippets rm LABEL`
struct SnippetsRemoveCommand: Command {
    static let definition = CommandDefinition(
        name: "rm", abstract: "Remove a Snippet", arguments: [.init("LABEL", help: "The Snippet's label")])

    let label: String
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await VaultAccess(context, dataDirectory: dataDirectory).editor().removeSnippet(label)
        context.out("removed Snippet '\(label)'\n")
        return 0
    }
}
