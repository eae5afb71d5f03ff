/// `termind keys list [--json]`
struct KeysListCommand: Command {
    static let definition = CommandDefinition(
        name: "list", abstract: "List Keys with their fingerprints", options: [.flag("json", help: "Print a JSON array")])

    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        let keys = snapshot.keys.sorted { $0.label < $1.label }.map { KeyView($0, in: snapshot) }
        if json { context.out(try JSONOutput.text(keys)); return 0 }
        var table = OutputTable("LABEL", "TYPE", "BITS", "FINGERPRINT", "ENCRYPTED", "IDENTITIES")
        for key in keys {
            table.add(
                key.label, key.type, String(key.bits), key.fingerprint,
                key.encrypted ? (key.passphraseStored ? "yes, passphrase stored" : "yes") : "no",
                key.usedBy.isEmpty ? "-" : key.usedBy.joined(separator: ","))
        }
        context.out(table.text)
        return 0
    }
}
