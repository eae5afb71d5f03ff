/// The person's answer to an unknown host key. *Trust once* is never promoted to saved trust.
public enum HostKeyDecision: Sendable, Equatable {
    case trustOnce
    case trustAndSave
    case reject
}
