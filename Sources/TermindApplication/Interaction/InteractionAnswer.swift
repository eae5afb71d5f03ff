import TermindDomain

/// The answer to an interaction. Never stored, cached, logged or reused.
public enum InteractionAnswer: Sendable, Equatable {
    case hostKey(HostKeyDecision)
    /// Keyboard-interactive responses, one per prompt (empty answers are valid).
    case responses([Secret])
    /// A passphrase or password.
    case secret(Secret)
}
