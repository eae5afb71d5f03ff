import Synchronization
import TermindApplication
import TermindDomain

/// An `InteractionPresenter` that answers from a script, in order, and records every
/// interaction it was shown. Running out of script fails the interaction loudly.
final class ScriptedPresenter: InteractionPresenter {
    /// One scripted reply: an answer, or an error to throw.
    enum Reply: Sendable {
        case answer(InteractionAnswer)
        case fail(any Error)
    }

    private let state: Mutex<(replies: [Reply], shown: [Interaction])>

    init(_ replies: [Reply] = []) {
        state = Mutex((replies, []))
    }

    /// Answers each host-key question with `decisions`, in order.
    convenience init(hostKey decisions: HostKeyDecision...) {
        self.init(decisions.map { .answer(.hostKey($0)) })
    }

    /// The interactions presented so far, oldest first.
    var shown: [Interaction] { state.withLock { $0.shown } }

    func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        let reply = state.withLock { state -> Reply? in
            state.shown.append(interaction)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        switch reply {
        case .answer(let answer): return answer
        case .fail(let error): throw error
        case nil: throw ScriptExhausted(interaction: interaction)
        }
    }
}

/// The presenter was asked more often than scripted.
struct ScriptExhausted: Error {
    let interaction: Interaction
}
