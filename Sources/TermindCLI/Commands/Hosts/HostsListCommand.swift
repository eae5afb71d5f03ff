import TermindDomain

/// `termind hosts list [--tag T]... [--json]`
struct HostsListCommand: ListRecordsCommand {
    static let kind = VaultRecordKind.host
    static let extraOptions: [OptionDefinition] = [
        .option("tag", repeating: true, help: "Only Hosts with this tag (repeat for all of several)")
    ]

    let options: RecordOptions
    let tags: [String]

    init(options: RecordOptions, parsed: ParsedCommandLine) {
        self.options = options
        tags = parsed.values("tag")
    }

    func views(of snapshot: VaultSnapshot) -> [HostView] {
        snapshot.hosts
            .filter { host in tags.allSatisfy { host.tags.contains($0) } }
            .sorted { $0.label < $1.label }
            .map { HostView($0, in: snapshot) }
    }

    func table(of hosts: [HostView]) -> OutputTable {
        var table = OutputTable("LABEL", "HOSTNAME", "PORT", "USER", "IDENTITY", "JUMPS", "TAGS")
        for host in hosts {
            table.add(
                host.label, host.hostname, String(host.port), host.user ?? "-", host.identity ?? "-",
                host.jumps.isEmpty ? "-" : host.jumps.joined(separator: ","),
                host.tags.isEmpty ? "-" : host.tags.joined(separator: ","))
        }
        return table
    }
}
