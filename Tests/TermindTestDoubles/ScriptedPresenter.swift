import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport

/// An `InteractionPresenter` test double that answers from a script and records every
/// interaction it was shown, in order. The script is either a closure (asked for each
/// interaction) or a list of replies used in order; running out of the list fails the
/// interaction loudly (`ScriptExhausted`). Internally locked; `Sendable`.
public final class ScriptedPresenter: InteractionPresenter {
    /// One scripted reply: an answer, or an error to throw.
    public enum Reply: Sendable {
        case answer(InteractionAnswer)
        case fail(any Error)
    }

    /// The closure that answers, or nil to answer from `replies`.
    private let answer: (@Sendable (Interaction) async throws -> InteractionAnswer)?
    private let state: Mutex<(replies: [Reply], shown: [Interaction])>

    /// Answers each interaction with what `answer` returns (or throws).
    public init(_ answer: @escaping @Sendable (Interaction) async throws -> InteractionAnswer) {
        self.answer = answer
        state = Mutex(([], []))
    }

    /// Answers with `replies`, one per interaction, in order.
    public init(_ replies: [Reply] = []) {
        answer = nil
        state = Mutex((replies, []))
    }

    /// Answers each host-key question with `decisions`, in order.
    public convenience init(hostKey decisions: HostKeyDecision...) {
        self.init(decisions.map { .answer(.hostKey($0)) })
    }

    /// Refuses every interaction, as the silent presenter does.
    public static func refusing() -> ScriptedPresenter {
        ScriptedPresenter { try await SilentPresenter().present($0) }
    }

    /// Never answers: waits until the queue withdraws the interaction (cancellation).
    public static func waitingForever() -> ScriptedPresenter {
        ScriptedPresenter { _ in
            let (never, keeper) = AsyncStream.makeStream(of: Void.self)
            defer { keeper.finish() }  // held open until then: the wait ends only when the task is cancelled
            for await _ in never {}
            throw CancellationError()
        }
    }

    /// The interactions presented so far, oldest first.
    public var presented: [Interaction] { state.withLock { $0.shown } }

    public func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        let reply = state.withLock { state -> Reply? in
            state.shown.append(interaction)
            return answer == nil && !state.replies.isEmpty ? state.replies.removeFirst() : nil
        }
        if let answer { return try await answer(interaction) }
        switch reply {
        case .answer(let answer): return answer
        case .fail(let error): throw error
        case nil: throw ScriptExhausted(interaction: interaction)
        }
    }

    /// Waits up to `timeout` until at least `count` interactions were shown.
    public func waitUntilPresented(_ count: Int, timeout: Duration = .seconds(10)) async -> Bool {
        await pollUntil(timeout: timeout) { presented.count >= count }
    }
}
