/// The port that shows one interaction to the person and returns the answer: a terminal
/// prompt for the CLI, a dialog in the TUI, or the silent presenter that refuses (exit 6).
/// The queue calls it for one interaction at a time; it throws `CancellationError` when the
/// task is cancelled (the queue cancels it when the attempt is retired).
public protocol InteractionPresenter: Sendable {
    func present(_ interaction: Interaction) async throws -> InteractionAnswer
}
