import TermindDomain

/// `termind identities list [--json]`
struct IdentitiesListCommand: ListRecordsCommand {
    static let kind = VaultRecordKind.identity
    let options: RecordOptions

    init(options: RecordOptions, parsed: ParsedCommandLine) { self.options = options }

    func views(of snapshot: VaultSnapshot) -> [IdentityView] {
        snapshot.identities.sorted { $0.label < $1.label }.map { IdentityView($0, in: snapshot) }
    }

    func table(of identities: [IdentityView]) -> OutputTable {
        var table = OutputTable("LABEL", "USERNAME", "KEY", "PASSWORD", "HOSTS")
        for identity in identities {
            table.add(
                identity.label, identity.username, identity.key ?? "-", identity.hasPassword ? "set" : "-",
                identity.usedBy.isEmpty ? "-" : identity.usedBy.joined(separator: ","))
        }
        return table
    }
}
