/// `termind hosts rm LABEL [--force]`
struct HostsRemoveCommand: Command {
    static let definition = CommandDefinition(
        name: "rm", abstract: "Remove a Host and its connection, command and SFTP history (Known Hosts stay)",
        arguments: [.init("LABEL", help: "The Host's label")],
        options: [.flag("force", help: "Also take it out of other Hosts' jump chains")])

    let label: String
    let force: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        force = parsed.flag("force")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await VaultAccess(context, dataDirectory: dataDirectory).editor().removeHost(label, force: force)
        context.out("removed Host '\(label)'\n")
        return 0
    }
}
