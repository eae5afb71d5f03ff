/// `termind snippets list [--json]`
struct SnippetsListCommand: Command {
    static let definition = CommandDefinition(
        name: "list", abstract: "List Snippets", options: [.flag("json", help: "Print a JSON array")])

    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snippets = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
            .snippets.sorted { $0.label < $1.label }.map(SnippetView.init)
        if json { context.out(try JSONOutput.text(snippets)); return 0 }
        var table = OutputTable("LABEL", "TAGS", "FIRST LINE")
        for snippet in snippets {
            let first = snippet.script.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            table.add(snippet.label, snippet.tags.isEmpty ? "-" : snippet.tags.joined(separator: ","), first)
        }
        context.out(table.text)
        return 0
    }
}
