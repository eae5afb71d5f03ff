/// `termind known-hosts list [--json]`
struct KnownHostsListCommand: Command {
    static let definition = CommandDefinition(
        name: "list", abstract: "List Known Hosts", options: [.flag("json", help: "Print a JSON array")])

    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let records = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot().knownHosts
            .sorted { ($0.pattern, $0.keyType) < ($1.pattern, $1.keyType) }.map(KnownHostView.init)
        if json { context.out(try JSONOutput.text(records)); return 0 }
        var table = OutputTable("PATTERN", "TYPE", "FINGERPRINT", "MARKER")
        for record in records { table.add(record.pattern, record.type, record.fingerprint, record.marker ?? "-") }
        context.out(table.text)
        return 0
    }
}
