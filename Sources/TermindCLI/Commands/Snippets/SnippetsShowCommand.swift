import TermindDomain

/// `termind snippets show LABEL [--json]`: the script as stored.
struct SnippetsShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.snippet
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> SnippetView {
        SnippetView(try require(snapshot.snippet(label)))
    }

    func text(of view: SnippetView) -> String {
        view.script.hasSuffix("\n") || view.script.isEmpty ? view.script : view.script + "\n"
    }
}
