import Foundation

/// The one queue for the whole program: interactions from every connection wait here in
/// order and are presented one at a time (docs/behaviour.md §2).
///
/// - A keyboard-interactive round with no prompts is answered at once, never presented.
/// - `cancel(generation:)` retires an attempt: its waiting interactions end with
///   `CancellationError`, the one on screen is withdrawn, and later asks from it are refused.
/// - Answers pass through to the asker and are kept nowhere.
///
/// An actor; callers on any thread or task.
public actor InteractionQueue {
    private let presenter: any InteractionPresenter
    private var waiting: [(interaction: Interaction, continuation: CheckedContinuation<InteractionAnswer, any Error>)] = []
    private var current: (interaction: Interaction, continuation: CheckedContinuation<InteractionAnswer, any Error>, task: Task<Void, Never>)?
    private var retired: Set<AttemptGeneration> = []

    public init(presenter: any InteractionPresenter) {
        self.presenter = presenter
    }

    /// How many interactions wait or are on screen (the status bar shows it).
    public var pendingCount: Int { waiting.count + (current == nil ? 0 : 1) }

    /// Waits for the person's answer to `request`. Throws `CancellationError` when the attempt
    /// is retired or the asking task is cancelled, and whatever the presenter throws
    /// (`InteractionRequired` from the silent presenter).
    public func ask(
        _ request: InteractionRequest, connectionLabel: String, generation: AttemptGeneration
    ) async throws -> InteractionAnswer {
        if case .keyboardInteractive(let round) = request, round.prompts.isEmpty { return .responses([]) }
        guard !retired.contains(generation) else { throw CancellationError() }
        let interaction = Interaction(connectionLabel: connectionLabel, generation: generation, request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.append((interaction, continuation))
                presentNext()
            }
        } onCancel: {
            Task { await self.cancel(id: interaction.id) }
        }
    }

    /// Retires an attempt: every interaction it has waiting or on screen ends, and it may not
    /// ask again.
    public func cancel(generation: AttemptGeneration) {
        retired.insert(generation)
        withdraw { $0.generation == generation }
    }

    /// Ends one interaction (the person closed its pane, or the asking task went away).
    public func cancel(id: UUID) {
        withdraw { $0.id == id }
    }

    private func withdraw(where matches: (Interaction) -> Bool) {
        let (gone, kept) = (waiting.filter { matches($0.interaction) }, waiting.filter { !matches($0.interaction) })
        waiting = kept
        for entry in gone { entry.continuation.resume(throwing: CancellationError()) }
        if let current, matches(current.interaction) {
            self.current = nil
            current.task.cancel()
            current.continuation.resume(throwing: CancellationError())
            presentNext()
        }
    }

    private func presentNext() {
        guard current == nil, !waiting.isEmpty else { return }
        let next = waiting.removeFirst()
        let presenter = self.presenter
        let task = Task {
            let result: Result<InteractionAnswer, any Error>
            do {
                result = .success(try await presenter.present(next.interaction))
            } catch {
                result = .failure(error)
            }
            self.finish(next.interaction.id, with: result)
        }
        current = (next.interaction, next.continuation, task)
    }

    private func finish(_ id: UUID, with result: Result<InteractionAnswer, any Error>) {
        // A withdrawn interaction was already resumed; its late answer is dropped here.
        guard let current, current.interaction.id == id else { return }
        self.current = nil
        current.continuation.resume(with: result)
        presentNext()
    }
}
