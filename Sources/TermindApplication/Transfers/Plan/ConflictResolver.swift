/// The port that asks the person what to do about one conflict. Questions come one at a time
/// for a Batch; an answer with `applyToRest` settles every later conflict of it unasked.
/// Throwing (`InteractionRequired`, cancellation) fails or stops that transfer.
public protocol ConflictResolver: Sendable {
    func resolve(_ conflict: TransferConflict) async throws -> ConflictAnswer
}
