/// `termind snippets add LABEL [--script TEXT | --file PATH] [--tag T]...`
struct SnippetsAddCommand: Command {
    static let definition = CommandDefinition(
        name: "add", abstract: "Add a Snippet (the script from --script, --file or standard input)",
        arguments: [.init("LABEL", help: "A label to call the Snippet by")],
        options: ScriptSource.definitions + [.option("tag", repeating: true, help: "A tag (repeatable)")])

    let label: String
    let source: ScriptSource
    let tags: [String]
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        source = try ScriptSource(parsed)
        tags = parsed.values("tag")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let script = try source.read(orStandardInput: true) ?? ""
        let snippet = try await VaultAccess(context, dataDirectory: dataDirectory).editor()
            .addSnippet(label, script: script, tags: tags)
        context.out("added Snippet '\(snippet.label)'\n")
        return 0
    }
}
