import TermindDomain

/// `termind identities show LABEL [--json]`
struct IdentitiesShowCommand: Command {
    static let definition = CommandDefinition(
        name: "show", abstract: "Show one Identity (never its password)",
        arguments: [.init("LABEL", help: "The Identity's label")],
        options: [.flag("json", help: "Print a JSON object")])

    let label: String
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        guard let identity = snapshot.identity(label) else {
            throw VaultRuleViolation.missingRecord(kind: .identity, label: label)
        }
        let view = IdentityView(identity, in: snapshot)
        if json { context.out(try JSONOutput.text(view)); return 0 }
        var details = DetailList()
        details.add("label", view.label)
        details.add("username", view.username)
        details.add("key", view.key ?? "-")
        details.add("password", view.hasPassword ? "set (sealed)" : "-")
        details.add("hosts", view.usedBy.isEmpty ? "-" : view.usedBy.joined(separator: ", "))
        context.out(details.text)
        return 0
    }
}
