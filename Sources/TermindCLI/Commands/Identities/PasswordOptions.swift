import TermindDomain

/// `--password` (prompt without echo) and `--password-stdin`, shared by `identities add`
/// and `edit`. A password never comes from argv.
struct PasswordOptions {
    static let definitions: [OptionDefinition] = [
        .flag("password", help: "Ask for a password to store (no echo)"),
        .flag("password-stdin", help: "Read the password to store from standard input"),
    ]

    let prompt: Bool
    let standardInput: Bool

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        prompt = parsed.flag("password")
        standardInput = parsed.flag("password-stdin")
        if prompt && standardInput { throw UsageError("--password and --password-stdin contradict each other") }
    }

    /// The password asked for, or nil when neither option was given. An empty one is refused:
    /// stored, it would be tried as a password that was set (`echo | …` by mistake, say).
    func read(for label: String) throws -> Secret? {
        let password: Secret
        if standardInput {
            password = SecretInput.readStandardInput()
        } else if prompt {
            password = try SecretInput.prompt(
                "Password for Identity '\(label)': ", need: "the password for Identity '\(label)'",
                remedy: "pass --password-stdin")
        } else {
            return nil
        }
        guard !password.isEmpty else { throw EmptyPassword(identity: label) }
        return password
    }
}
