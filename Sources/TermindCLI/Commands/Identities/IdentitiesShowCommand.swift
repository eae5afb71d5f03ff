import TermindDomain

/// `termind identities show LABEL [--json]`: never the password, only whether one is set.
struct IdentitiesShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.identity
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> IdentityView {
        IdentityView(try require(snapshot.identity(label)), in: snapshot)
    }

    func text(of view: IdentityView) -> String {
        var details = DetailList()
        details.add("label", view.label)
        details.add("username", view.username)
        details.add("key", view.key ?? "-")
        details.add("password", view.hasPassword ? "set (sealed)" : "-")
        details.add("hosts", view.usedBy.isEmpty ? "-" : view.usedBy.joined(separator: ", "))
        return details.text
    }
}
