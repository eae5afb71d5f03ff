/// Something needed the person (a password, a passphrase, a host-key decision) but nothing
/// may prompt: no terminal, or `--batch`. Exits 6; the message says what was needed and how
/// to supply it without a prompt.
public struct InteractionRequired: CategorizedFailure, Equatable {
    /// What was needed, e.g. "the password for Identity 'deploy'".
    public let need: String
    /// How to give it without a prompt, e.g. "pass --password-stdin".
    public let remedy: String

    public init(need: String, remedy: String) {
        self.need = need
        self.remedy = remedy
    }

    public var exitCode: ExitCode { .interactionRequired }
    public var description: String { "interaction required: \(need), but nothing may prompt here; \(remedy)" }
}
