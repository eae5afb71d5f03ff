import TermindDomain

/// `termind keys list [--json]`
struct KeysListCommand: ListRecordsCommand {
    static let kind = VaultRecordKind.key
    let options: RecordOptions

    init(options: RecordOptions, parsed: ParsedCommandLine) { self.options = options }

    func views(of snapshot: VaultSnapshot) -> [KeyView] {
        snapshot.keys.sorted { $0.label < $1.label }.map { KeyView($0, in: snapshot) }
    }

    func table(of keys: [KeyView]) -> OutputTable {
        var table = OutputTable("LABEL", "TYPE", "BITS", "FINGERPRINT", "ENCRYPTED", "IDENTITIES")
        for key in keys {
            table.add(
                key.label, key.type, String(key.bits), key.fingerprint,
                key.encrypted ? (key.passphraseStored ? "yes, passphrase stored" : "yes") : "no",
                key.usedBy.isEmpty ? "-" : key.usedBy.joined(separator: ","))
        }
        return table
    }
}
