import TermindDomain

/// How a Batch settles destinations that already exist: one policy for all of them
/// (`--on-conflict`), or a question per conflict (the TUI's dialog).
public enum ConflictHandling: Sendable {
    case apply(ConflictPolicy)
    case ask(any ConflictResolver)
}
