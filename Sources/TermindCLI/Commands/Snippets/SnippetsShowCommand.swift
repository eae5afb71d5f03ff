import TermindDomain

/// `termind snippets show LABEL [--json]`: the script as stored.
struct SnippetsShowCommand: Command {
    static let definition = CommandDefinition(
        name: "show", abstract: "Print one Snippet's script",
        arguments: [.init("LABEL", help: "The Snippet's label")],
        options: [.flag("json", help: "Print a JSON object")])

    let label: String
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        guard let snippet = snapshot.snippet(label) else { throw VaultRuleViolation.missingRecord(kind: .snippet, label: label) }
        if json { context.out(try JSONOutput.text(SnippetView(snippet))); return 0 }
        context.out(snippet.script.hasSuffix("\n") || snippet.script.isEmpty ? snippet.script : snippet.script + "\n")
        return 0
    }
}
