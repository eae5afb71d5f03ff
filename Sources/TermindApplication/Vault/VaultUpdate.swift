import TermindDomain

/// What a read-check-write step on the Vault decided: the changes to write (in order, all or
/// none) and what to hand back to the caller.
public struct VaultUpdate<T: Sendable>: Sendable {
    public let changes: [VaultChange]
    public let result: T

    public init(_ changes: [VaultChange], returning result: T) {
        self.changes = changes
        self.result = result
    }
}

extension VaultUpdate where T == Void {
    public init(_ changes: [VaultChange]) { self.init(changes, returning: ()) }
}
