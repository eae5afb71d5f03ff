import TermindApplication
import TermindDomain

/// `termind hosts show LABEL [--json]`
struct HostsShowCommand: Command {
    static let definition = CommandDefinition(
        name: "show", abstract: "Show one Host",
        arguments: [.init("LABEL", help: "The Host's label")],
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
        guard let host = snapshot.host(label) else { throw VaultRuleViolation.missingRecord(kind: .host, label: label) }
        let view = HostView(host, in: snapshot)
        if json {
            context.out(try JSONOutput.text(view))
        } else {
            var details = DetailList()
            details.add("label", view.label)
            details.add("hostname", view.hostname)
            details.add("port", String(view.port))
            details.add("user", view.user ?? "-")
            details.add("identity", view.identity ?? "-")
            details.add("jumps", view.jumps.isEmpty ? "-" : view.jumps.joined(separator: " → "))
            details.add("tags", view.tags.isEmpty ? "-" : view.tags.joined(separator: ", "))
            details.add("notes", view.notes)
            context.out(details.text)
        }
        return 0
    }
}
