import TermindDomain

/// `termind snippets list [--json]`
struct SnippetsListCommand: ListRecordsCommand {
    static let kind = VaultRecordKind.snippet
    let options: RecordOptions

    init(options: RecordOptions, parsed: ParsedCommandLine) { self.options = options }

    func views(of snapshot: VaultSnapshot) -> [SnippetView] {
        snapshot.snippets.sorted { $0.label < $1.label }.map(SnippetView.init)
    }

    func table(of snippets: [SnippetView]) -> OutputTable {
        var table = OutputTable("LABEL", "TAGS", "FIRST LINE")
        for snippet in snippets {
            let first = snippet.script.split(separator: "\n").first.map(String.init) ?? ""
            table.add(snippet.label, snippet.tags.isEmpty ? "-" : snippet.tags.joined(separator: ","), first)
        }
        return table
    }
}
