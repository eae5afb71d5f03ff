import TermindApplication

/// `termind identities edit LABEL [--label NEW] [--user U] [--key L | --no-key] [--password | --password-stdin | --no-password]`
struct IdentitiesEditCommand: Command {
    static let definition = CommandDefinition(
        name: "edit", abstract: "Change an Identity; options not given stay as they are",
        arguments: [.init("LABEL", help: "The Identity's label")],
        options: [
            .option("label", valueName: "NEW", help: "Rename the Identity"),
            .option("user", short: "l", valueName: "USER", help: "The username"),
            .option("key", valueName: "LABEL", help: "The Key to authenticate with"),
            .flag("no-key", help: "Unbind the Key"),
            .flag("no-password", help: "Forget the stored password"),
        ] + PasswordOptions.definitions)

    let label: String
    let newLabel: String?
    let username: String?
    let key: String?
    let clearPassword: Bool
    let password: PasswordOptions
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        newLabel = parsed.value("label")
        username = parsed.value("user")
        if parsed.flag("no-key") && parsed.value("key") != nil { throw UsageError("--key and --no-key contradict each other") }
        key = parsed.flag("no-key") ? "" : parsed.value("key")
        password = try PasswordOptions(parsed)
        clearPassword = parsed.flag("no-password")
        if clearPassword && (password.prompt || password.standardInput) {
            throw UsageError("--no-password contradicts --password and --password-stdin")
        }
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let fields = IdentityFields(
            username: username, key: key, password: try password.read(for: label), clearPassword: clearPassword)
        let identity = try await VaultAccess(context, dataDirectory: dataDirectory).editor()
            .editIdentity(label, fields, newLabel: newLabel)
        context.out("updated Identity '\(identity.label)'\n")
        return 0
    }
}
