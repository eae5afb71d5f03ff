import TermindApplication
import TermindDomain

/// `termind identities rm LABEL [--force]`
struct IdentitiesRemoveCommand: RemoveRecordCommand {
    static let kind = VaultRecordKind.identity
    static let abstract = "Remove an Identity and its stored password"
    static let forceHelp: String? = "Remove it even if Hosts use it, unbinding them"
    let options: RecordOptions

    func remove(with editor: VaultEditor) async throws { try await editor.removeIdentity(label, force: force) }
}
