import TermindApplication
import TermindDomain

/// `termind snippets rm LABEL`
struct SnippetsRemoveCommand: RemoveRecordCommand {
    static let kind = VaultRecordKind.snippet
    static let abstract = "Remove a Snippet"
    let options: RecordOptions

    func remove(with editor: VaultEditor) async throws { try await editor.removeSnippet(label) }
}
