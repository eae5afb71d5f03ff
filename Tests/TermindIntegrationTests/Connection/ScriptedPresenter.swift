import Foundation
import Synchronization
import TermindApplication

/// An `InteractionPresenter` test double: answers each interaction with `answer` and records
/// every interaction it was shown, in order.
final class ScriptedPresenter: InteractionPresenter {
    private let answer: @Sendable (Interaction) async throws -> InteractionAnswer
    private let shown = Mutex<[Interaction]>([])

    init(_ answer: @escaping @Sendable (Interaction) async throws -> InteractionAnswer) {
        self.answer = answer
    }

    /// Refuses every interaction, as the silent presenter does.
    static func refusing() -> ScriptedPresenter {
        ScriptedPresenter { try await SilentPresenter().present($0) }
    }

    /// Never answers: waits until the queue withdraws the interaction (cancellation).
    static func waitingForever() -> ScriptedPresenter {
        ScriptedPresenter { _ in
            try await Task.sleep(for: .seconds(3_600))
            throw CancellationError()
        }
    }

    var presented: [Interaction] { shown.withLock { $0 } }

    func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        shown.withLock { $0.append(interaction) }
        return try await answer(interaction)
    }

    /// Waits up to `timeout` until at least `count` interactions were shown.
    func waitUntilPresented(_ count: Int, timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while presented.count < count {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
