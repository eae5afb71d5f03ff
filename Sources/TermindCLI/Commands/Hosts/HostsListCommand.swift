import TermindDomain

/// `termind hosts list [--tag T] [--json]`
struct HostsListCommand: Command {
    static let definition = CommandDefinition(
        name: "list", abstract: "List Hosts, by label",
        options: [
            .option("tag", repeating: true, help: "Only Hosts with this tag (repeat for all of several)"),
            .flag("json", help: "Print a JSON array"),
        ])

    let tags: [String]
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        tags = parsed.values("tag")
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        let hosts = snapshot.hosts
            .filter { host in tags.allSatisfy { host.tags.contains($0) } }
            .sorted { $0.label < $1.label }
            .map { HostView($0, in: snapshot) }
        if json {
            context.out(try JSONOutput.text(hosts))
        } else {
            var table = OutputTable("LABEL", "HOSTNAME", "PORT", "USER", "IDENTITY", "JUMPS", "TAGS")
            for host in hosts {
                table.add(
                    host.label, host.hostname, String(host.port), host.user ?? "-", host.identity ?? "-",
                    host.jumps.isEmpty ? "-" : host.jumps.joined(separator: ","),
                    host.tags.isEmpty ? "-" : host.tags.joined(separator: ","))
            }
            context.out(table.text)
        }
        return 0
    }
}
