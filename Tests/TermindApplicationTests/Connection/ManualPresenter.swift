import Foundation
import TermindApplication
import XCTest

/// An `InteractionPresenter` a test drives by hand: each presented interaction waits until the
/// test answers it. It records what was presented and which presentations were cancelled.
/// With `honoursCancellation: false` it keeps waiting after its task is cancelled, so a test
/// can send a late answer.
actor ManualPresenter: InteractionPresenter {
    private(set) var presented: [Interaction] = []
    private(set) var cancelled: [UUID] = []
    private var waiting: [UUID: CheckedContinuation<InteractionAnswer, any Error>] = [:]
    /// The most presentations waiting for an answer at once.
    private(set) var mostAtOnce = 0
    /// The presentations that have returned (answered or cancelled), in order.
    private(set) var returned: [UUID] = []
    let honoursCancellation: Bool

    init(honoursCancellation: Bool = true) {
        self.honoursCancellation = honoursCancellation
    }

    nonisolated func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        defer { Task { await self.noteReturned(interaction.id) } }
        return try await withTaskCancellationHandler {
            try await self.hold(interaction)
        } onCancel: {
            Task { await self.noteCancelled(interaction.id) }
        }
    }

    private func hold(_ interaction: Interaction) async throws -> InteractionAnswer {
        presented.append(interaction)
        return try await withCheckedThrowingContinuation {
            waiting[interaction.id] = $0
            mostAtOnce = max(mostAtOnce, waiting.count)
        }
    }

    private func noteReturned(_ id: UUID) { returned.append(id) }

    private func noteCancelled(_ id: UUID) {
        cancelled.append(id)
        if honoursCancellation { waiting.removeValue(forKey: id)?.resume(throwing: CancellationError()) }
    }

    /// Answers a presented interaction; an interaction no longer waiting is ignored.
    func answer(_ id: UUID, with answer: InteractionAnswer) {
        waiting.removeValue(forKey: id)?.resume(returning: answer)
    }

    /// Answers the most recently presented interaction.
    func answerLatest(with answer: InteractionAnswer) {
        guard let last = presented.last else { return }
        self.answer(last.id, with: answer)
    }
}
