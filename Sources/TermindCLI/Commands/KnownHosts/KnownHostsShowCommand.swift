import TermindDomain

/// `termind known-hosts show PATTERN [--json]`: every record for the pattern, as written.
struct KnownHostsShowCommand: Command {
    static let definition = CommandDefinition(
        name: "show", abstract: "Show the Known Hosts recorded for a pattern",
        arguments: [.init("PATTERN", help: "The host pattern as recorded (e.g. example.com or [example.com]:2222)")],
        options: [.flag("json", help: "Print a JSON array")])

    let pattern: String
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        pattern = parsed.argument("PATTERN")!
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let records = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot().knownHosts
            .filter { $0.pattern == pattern }.map(KnownHostView.init)
        guard !records.isEmpty else { throw VaultRuleViolation.missingRecord(kind: .knownHost, label: pattern) }
        if json { context.out(try JSONOutput.text(records)); return 0 }
        context.out(records.map { record in
            var details = DetailList()
            details.add("pattern", record.pattern)
            details.add("type", record.type)
            details.add("fingerprint", record.fingerprint)
            details.add("marker", record.marker ?? "-")
            details.add("comment", record.comment)
            details.add("line", record.line)
            return details.text
        }.joined(separator: "\n"))
        return 0
    }
}
