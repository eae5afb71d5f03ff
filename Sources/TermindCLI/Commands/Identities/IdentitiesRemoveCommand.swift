/// `termind identities rm LABEL [--force]`
struct IdentitiesRemoveCommand: Command {
    static let definition = CommandDefinition(
        name: "rm", abstract: "Remove an Identity and its stored password",
        arguments: [.init("LABEL", help: "The Identity's label")],
        options: [.flag("force", help: "Remove it even if Hosts use it, unbinding them")])

    let label: String
    let force: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        force = parsed.flag("force")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await VaultAccess(context, dataDirectory: dataDirectory).editor().removeIdentity(label, force: force)
        context.out("removed Identity '\(label)'\n")
        return 0
    }
}
