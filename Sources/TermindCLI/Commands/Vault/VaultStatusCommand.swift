/// `termind vault status [--json]`
struct VaultStatusCommand: Command {
    static let definition = CommandDefinition(
        name: "status", abstract: "Where the database and key live, and whether a passphrase is set",
        options: [.flag("json", help: "Print a JSON object")])

    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = VaultAccess(context, dataDirectory: dataDirectory)
        let status = try await access.services.keyControl.status()
        if json { context.out(try JSONOutput.text(status)); return 0 }
        var details = DetailList()
        details.add("database", status.databasePath)
        details.add("schema", "V\(status.schemaVersion)")
        details.add("secrets", "\(status.secretCount), sealed with AES-256-GCM")
        switch status.keySource {
        case .keyFile: details.add("vault key", "key file \(status.keyFilePath)")
        case .passphrase: details.add("vault key", "master passphrase (scrypt)")
        }
        details.add("log", access.paths.logFile)
        context.out(details.text)
        return 0
    }
}
