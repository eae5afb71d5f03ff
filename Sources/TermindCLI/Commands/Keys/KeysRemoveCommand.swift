/// `termind keys rm LABEL [--force]`
struct KeysRemoveCommand: Command {
    static let definition = CommandDefinition(
        name: "rm", abstract: "Remove a Key and its sealed private key and passphrase",
        arguments: [.init("LABEL", help: "The Key's label")],
        options: [.flag("force", help: "Remove it even if Identities use it, unbinding them")])

    let label: String
    let force: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        force = parsed.flag("force")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        try await VaultAccess(context, dataDirectory: dataDirectory).editor().removeKey(label, force: force)
        context.out("removed Key '\(label)'\n")
        return 0
    }
}
