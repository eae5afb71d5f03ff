import TermindDomain

/// One change to one forwarding rule of a Host, as the workbench's forwards overlay makes it
/// (`VaultEditor.changeForward`): applied to the Host as the Vault has it at the write, so a
/// change made meanwhile by another termind (to this Host's other fields or other rules) stays.
public enum ForwardChange: Sendable, Equatable {
    /// A new rule, enabled, after the Host's others (as `hosts edit --forward` adds it).
    case add(ForwardRule)
    /// The rule changed in its place, keeping whether it is enabled.
    case replace(ForwardRule, with: ForwardRule)
    case remove(ForwardRule)
}
