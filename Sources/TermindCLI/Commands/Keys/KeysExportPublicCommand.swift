import TermindDomain

/// `termind keys export-public LABEL`: the `authorized_keys` line.
struct KeysExportPublicCommand: Command {
    static let definition = CommandDefinition(
        name: "export-public", abstract: "Print a Key's public key as an authorized_keys line",
        arguments: [.init("LABEL", help: "The Key's label")])

    let label: String
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: dataDirectory).store.snapshot()
        guard let key = snapshot.key(label) else { throw VaultRuleViolation.missingRecord(kind: .key, label: label) }
        context.out("\(key.publicKeyLine)\n")
        return 0
    }
}
