import TermindDomain

/// A Batch's conflict decisions: its one policy, or questions to the resolver asked one at a
/// time (transfers run in parallel, the person answers one dialog at a time), with an answer
/// for the rest of the Batch remembered.
actor ConflictDecisions {
    private let handling: ConflictHandling
    private var remembered: ConflictPolicy?
    private var asking = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ handling: ConflictHandling) {
        self.handling = handling
    }

    func decide(_ conflict: TransferConflict) async throws -> ConflictPolicy {
        guard case .ask(let resolver) = handling else {
            if case .apply(let policy) = handling { return policy }
            return .fail
        }
        while asking && remembered == nil {
            await withCheckedContinuation { waiting.append($0) }
        }
        if let remembered { return remembered }
        // A transfer paused while it waited for its turn asks nothing.
        try Task.checkCancellation()
        asking = true
        defer {
            asking = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        let answer = try await resolver.resolve(conflict)
        if answer.applyToRest {
            remembered = answer.policy
            for waiter in waiting { waiter.resume() }
            waiting.removeAll()
        }
        return answer.policy
    }
}
