import TermindApplication
import TermindDomain

/// `termind hosts rm LABEL [--force]`
struct HostsRemoveCommand: RemoveRecordCommand {
    static let kind = VaultRecordKind.host
    static let abstract = "Remove a Host and its connection, command and SFTP history (Known Hosts stay)"
    static let forceHelp: String? = "Also take it out of other Hosts' jump chains"
    let options: RecordOptions

    func remove(with editor: VaultEditor) async throws { try await editor.removeHost(label, force: force) }
}
