import TermindDomain

/// The question before a forwarding rule is removed from its Host in the Vault (`d` in the
/// forwards overlay): "Remove the rule 'L 8080:localhost:80' of Host 'srv'?", saying that a
/// rule listening now stops. A plain value owned by the workbench.
struct ForwardRemoval: Equatable {
    let hostLabel: String
    let rule: ForwardRule
    /// It listens (or is starting) now: removing it stops the listener.
    let isRunning: Bool
    var isRemoving = false
    /// Why the Vault refused.
    var problem: String?
}
