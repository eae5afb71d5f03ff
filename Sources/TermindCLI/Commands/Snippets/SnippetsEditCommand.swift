/// `termind snippets edit LABEL [--label NEW] [--script TEXT | --file PATH] [--tag T]... [--no-tags]`
struct SnippetsEditCommand: Command {
    static let definition = CommandDefinition(
        name: "edit", abstract: "Change a Snippet; options not given stay as they are",
        arguments: [.init("LABEL", help: "The Snippet's label")],
        options: [.option("label", valueName: "NEW", help: "Rename the Snippet")] + ScriptSource.definitions + [
            .option("tag", repeating: true, help: "Replace the tags (repeatable)"),
            .flag("no-tags", help: "Remove every tag"),
        ])

    let label: String
    let newLabel: String?
    let source: ScriptSource
    let tags: [String]?
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        newLabel = parsed.value("label")
        source = try ScriptSource(parsed)
        if parsed.flag("no-tags") && !parsed.values("tag").isEmpty { throw UsageError("--tag and --no-tags contradict each other") }
        tags = parsed.flag("no-tags") ? [] : (parsed.values("tag").isEmpty ? nil : parsed.values("tag"))
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snippet = try await VaultAccess(context, dataDirectory: dataDirectory).editor()
            .editSnippet(label, script: try source.read(orStandardInput: false), tags: tags, newLabel: newLabel)
        context.out("updated Snippet '\(snippet.label)'\n")
        return 0
    }
}
