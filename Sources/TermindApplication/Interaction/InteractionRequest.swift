import TermindDomain

/// Something a connection needs from the person.
public enum InteractionRequest: Sendable, Equatable {
    /// An unknown host key: Trust once, Trust and save, or Reject.
    case hostKey(HostKeyQuestion)
    /// One keyboard-interactive round, with the server's own name, instruction and prompts.
    case keyboardInteractive(KeyboardInteractiveRound)
    /// The passphrase of an encrypted Key whose passphrase is not stored.
    case passphrase(keyLabel: String)
    /// A password for `username` when the Identity stores none and the server asks.
    case password(username: String)
}
