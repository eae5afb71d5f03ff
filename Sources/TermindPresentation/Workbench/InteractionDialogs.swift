import Foundation
import TermindApplication

/// The interactions the workbench's presenter was handed and not yet answered, oldest first,
/// each with the continuation its connection waits on. The first is on screen. The queue
/// presents one at a time, so there is usually one; the list guards against a late withdrawal.
///
/// Lives on the main actor with the rest of the TUI; the presenter reaches it from any task.
@MainActor
final class InteractionDialogs {
    private struct Entry {
        let interaction: Interaction
        let continuation: CheckedContinuation<InteractionAnswer, any Error>
    }

    private var entries: [Entry] = []
    /// Interactions withdrawn before they arrived here (the two hops can cross).
    private var withdrawnEarly: Set<UUID> = []
    /// Connections (by label) that asked the person for a credential (a password, a key's
    /// passphrase, keyboard-interactive rounds): their Hosts never reconnect by themselves.
    private(set) var askedForCredentials: Set<String> = []
    /// Called whenever the one on screen changes.
    var onChange: () -> Void = {}

    /// The interaction on screen.
    var current: Interaction? { entries.first?.interaction }

    func show(_ interaction: Interaction, continuation: CheckedContinuation<InteractionAnswer, any Error>) {
        if withdrawnEarly.remove(interaction.id) != nil {
            continuation.resume(throwing: CancellationError())
            return
        }
        if case .hostKey = interaction.request {} else { askedForCredentials.insert(interaction.connectionLabel) }
        entries.append(Entry(interaction: interaction, continuation: continuation))
        onChange()
    }

    /// The queue took the interaction back (its attempt was retired): it leaves the screen.
    func withdraw(_ id: UUID) {
        guard let index = entries.firstIndex(where: { $0.interaction.id == id }) else {
            withdrawnEarly.insert(id)
            return
        }
        entries.remove(at: index).continuation.resume(throwing: CancellationError())
        onChange()
    }

    /// The person answered the one on screen.
    func answer(_ answer: InteractionAnswer) {
        guard !entries.isEmpty else { return }
        entries.removeFirst().continuation.resume(returning: answer)
        onChange()
    }

    /// The person pressed Esc: the attempt that asked ends, and only that one.
    func cancelCurrent() {
        guard !entries.isEmpty else { return }
        entries.removeFirst().continuation.resume(throwing: CancellationError())
        onChange()
    }

    /// Ends every waiting interaction (the workbench is closing).
    func cancelAll() {
        let all = entries
        entries.removeAll()
        for entry in all { entry.continuation.resume(throwing: CancellationError()) }
    }
}
