import TermindDomain

/// `termind known-hosts show PATTERN [--json]`: every record for the pattern, as written.
struct KnownHostsShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.knownHost
    static let argument = ArgumentDefinition(
        "PATTERN", help: "The host pattern as recorded (e.g. example.com or [example.com]:2222)")
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> [KnownHostView] {
        let records = snapshot.knownHosts.filter { $0.pattern == label }
        return try require(records.isEmpty ? nil : records.map(KnownHostView.init))
    }

    func text(of records: [KnownHostView]) -> String {
        records.map { record in
            var details = DetailList()
            details.add("pattern", record.pattern)
            details.add("type", record.type)
            details.add("fingerprint", record.fingerprint)
            details.add("marker", record.marker ?? "-")
            details.add("comment", record.comment)
            details.add("line", record.line)
            return details.text
        }.joined(separator: "\n")
    }
}
