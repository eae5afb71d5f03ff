/// The presenter for scripts without a terminal and for `--batch`, and for extra silent
/// connections: it never asks, and every interaction becomes `InteractionRequired` (exit 6).
public struct SilentPresenter: InteractionPresenter {
    public init() {}

    public func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        let (need, remedy): (String, String)
        switch interaction.request {
        case .hostKey(let question):
            need = "\(interaction.connectionLabel): the \(question.keyType) host key \(question.fingerprint) is not trusted"
            remedy = "pass --accept-new to trust new keys, or add it with 'termind known-hosts add'"
        case .keyboardInteractive(let round):
            need = "\(interaction.connectionLabel): the server asks \(round.prompts.map(\.text).joined(separator: ", "))"
            remedy = "run on a terminal to answer"
        case .passphrase(let keyLabel):
            need = "\(interaction.connectionLabel): the passphrase of Key '\(keyLabel)'"
            remedy = "store it with 'termind keys import --store-passphrase', or run on a terminal"
        case .password(let username):
            need = "\(interaction.connectionLabel): a password for \(username)"
            remedy = "store one in the Identity ('termind identities edit --password-stdin'), or run on a terminal"
        }
        throw InteractionRequired(need: need, remedy: remedy)
    }
}
