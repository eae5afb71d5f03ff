/// `termind identities list [--json]`
struct IdentitiesListCommand: Command {
    static let definition = CommandDefinition(
        name: "list", abstract: "List Identities", options: [.flag("json", help: "Print a JSON array")])

    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        let identities = snapshot.identities.sorted { $0.label < $1.label }.map { IdentityView($0, in: snapshot) }
        if json { context.out(try JSONOutput.text(identities)); return 0 }
        var table = OutputTable("LABEL", "USERNAME", "KEY", "PASSWORD", "HOSTS")
        for identity in identities {
            table.add(
                identity.label, identity.username, identity.key ?? "-", identity.hasPassword ? "set" : "-",
                identity.usedBy.isEmpty ? "-" : identity.usedBy.joined(separator: ","))
        }
        context.out(table.text)
        return 0
    }
}
