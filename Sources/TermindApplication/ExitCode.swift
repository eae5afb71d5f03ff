/// Every exit status `termind` uses, in one place (docs/behaviour.md §7). `--help` and the README print
/// this table; failures map to a case through `TermindFailure.exitCode`.
public enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case authenticationFailed = 3
    case hostKeyNotAccepted = 4
    case hostKeyChanged = 5
    case interactionRequired = 6
    case connectionFailed = 7
    case transferIncomplete = 8
    case vaultUnavailable = 9
    case interrupted = 130

    /// What the status means, as printed in `--help`.
    public var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "a failure not listed below"
        case .usage: "usage error (unknown command or option, bad value)"
        case .authenticationFailed: "authentication failed"
        case .hostKeyNotAccepted: "host key unknown and not accepted, or rejected"
        case .hostKeyChanged: "host key changed or revoked"
        case .interactionRequired: "an interaction was required but nothing may prompt (--batch, no TTY)"
        case .connectionFailed: "connection failed (resolve, connect, timeout, dropped)"
        case .transferIncomplete: "transfer incomplete or failed verification (partial files kept and listed)"
        case .vaultUnavailable: "vault unavailable (store unreadable or newer, wrong passphrase, missing secret)"
        case .interrupted: "interrupted"
        }
    }

    /// The status's name as scripts read it in `--json` error objects, kebab-case like every
    /// other JSON word Termind writes (`vault-unavailable`, `host-key-changed`).
    public var category: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .usage: "usage"
        case .authenticationFailed: "authentication"
        case .hostKeyNotAccepted: "host-key-not-accepted"
        case .hostKeyChanged: "host-key-changed"
        case .interactionRequired: "interaction-required"
        case .connectionFailed: "connection"
        case .transferIncomplete: "transfer-incomplete"
        case .vaultUnavailable: "vault-unavailable"
        case .interrupted: "interrupted"
        }
    }

    /// `termind exec` with one host and `termind ssh` exit with the remote status, so their own
    /// failures use 255 (as `ssh` does) and name the category in the message.
    public static let remoteCommandOwnFailure: Int32 = 255
}
