import TermindDomain

/// `termind known-hosts list [--json]`
struct KnownHostsListCommand: ListRecordsCommand {
    static let kind = VaultRecordKind.knownHost
    let options: RecordOptions

    init(options: RecordOptions, parsed: ParsedCommandLine) { self.options = options }

    func views(of snapshot: VaultSnapshot) -> [KnownHostView] {
        snapshot.knownHosts.sorted { ($0.pattern, $0.keyType) < ($1.pattern, $1.keyType) }.map(KnownHostView.init)
    }

    func table(of records: [KnownHostView]) -> OutputTable {
        var table = OutputTable("PATTERN", "TYPE", "FINGERPRINT", "MARKER")
        for record in records { table.add(record.pattern, record.type, record.fingerprint, record.marker ?? "-") }
        return table
    }
}
