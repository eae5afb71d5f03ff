import TermindApplication
import TermindDomain

/// `termind templates rm LABEL`
struct TemplatesRemoveCommand: RemoveRecordCommand {
    static let kind = VaultRecordKind.template
    static let abstract = "Remove a Template"
    let options: RecordOptions

    func remove(with editor: VaultEditor) async throws { try await editor.removeTemplate(label) }
}
