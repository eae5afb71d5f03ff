import TermindApplication
import TermindDomain

/// `termind keys rm LABEL [--force]`
struct KeysRemoveCommand: RemoveRecordCommand {
    static let kind = VaultRecordKind.key
    static let abstract = "Remove a Key and its sealed private key and passphrase"
    static let forceHelp: String? = "Remove it even if Identities use it, unbinding them"
    let options: RecordOptions

    func remove(with editor: VaultEditor) async throws { try await editor.removeKey(label, force: force) }
}
