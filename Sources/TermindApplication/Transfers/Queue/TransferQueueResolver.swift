/// Conflicts of the queue's Batches become questions on its board, answered in the workbench
/// one at a time (the engine asks one per Batch at a time and remembers "apply to all").
struct TransferQueueResolver: ConflictResolver {
    let board: TransferQueueBoard

    func resolve(_ conflict: TransferConflict) async throws -> ConflictAnswer {
        try await board.ask(conflict)
    }
}
