import TermindApplication

/// `termind identities add LABEL --user U [--key L] [--password | --password-stdin]`
struct IdentitiesAddCommand: Command {
    static let definition = CommandDefinition(
        name: "add", abstract: "Add an Identity: a username, optionally a Key and a password",
        arguments: [.init("LABEL", help: "A label to call the Identity by")],
        options: [
            .option("user", short: "l", valueName: "USER", help: "The username (required)"),
            .option("key", valueName: "LABEL", help: "The Key to authenticate with"),
        ] + PasswordOptions.definitions)

    let label: String
    let username: String
    let key: String?
    let password: PasswordOptions
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        guard let user = parsed.value("user") else { throw UsageError("--user is required") }
        username = user
        key = parsed.value("key")
        password = try PasswordOptions(parsed)
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let fields = IdentityFields(username: username, key: key, password: try password.read(for: label))
        let identity = try await VaultAccess(context, dataDirectory: dataDirectory).editor().addIdentity(label, fields)
        context.out("added Identity '\(identity.label)' (\(identity.username))\n")
        return 0
    }
}
