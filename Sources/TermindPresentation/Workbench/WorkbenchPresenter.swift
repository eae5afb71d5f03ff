import TermindApplication

/// The workbench's `InteractionPresenter`: each interaction the queue presents becomes a dialog
/// over the panes, labelled with its host and pane, and the answer goes back to the waiting
/// connection. The queue cancels the presenting task when the attempt is retired; the dialog
/// then leaves the screen.
///
/// `Sendable`: it only hands interactions to the main actor.
struct WorkbenchPresenter: InteractionPresenter {
    let dialogs: InteractionDialogs

    func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        let dialogs = self.dialogs
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Task { @MainActor in dialogs.show(interaction, continuation: continuation) }
            }
        } onCancel: {
            Task { @MainActor in dialogs.withdraw(interaction.id) }
        }
    }
}
