import TermindDomain

/// The person's answer to a conflict.
public struct ConflictAnswer: Sendable, Equatable {
    public let policy: ConflictPolicy
    /// Settle the rest of the Batch's conflicts the same way without asking.
    public let applyToRest: Bool

    public init(_ policy: ConflictPolicy, applyToRest: Bool = false) {
        self.policy = policy
        self.applyToRest = applyToRest
    }
}
