/// A conflict the queue asks the person about: shown one at a time, first come first asked,
/// answered for this file or for the rest of its Batch.
public struct TransferQueueQuestion: Sendable, Equatable, Identifiable {
    public let id: Int
    public let conflict: TransferConflict

    public init(id: Int, conflict: TransferConflict) {
        self.id = id
        self.conflict = conflict
    }
}
