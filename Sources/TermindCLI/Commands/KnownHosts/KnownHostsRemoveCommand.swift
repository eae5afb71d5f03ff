/// `termind known-hosts rm PATTERN [--type KEYTYPE]`
struct KnownHostsRemoveCommand: Command {
    static let definition = CommandDefinition(
        name: "rm", abstract: "Remove the Known Hosts recorded for a pattern",
        arguments: [.init("PATTERN", help: "The host pattern as recorded")],
        options: [.option("type", valueName: "KEYTYPE", help: "Only the record of this key type")])

    let pattern: String
    let keyType: String?
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        pattern = parsed.argument("PATTERN")!
        keyType = parsed.value("type")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let removed = try await VaultAccess(context, dataDirectory: dataDirectory).editor()
            .removeKnownHosts(pattern, keyType: keyType)
        for record in removed { context.out("removed \(record.pattern) \(record.keyType) \(record.fingerprint)\n") }
        return 0
    }
}
