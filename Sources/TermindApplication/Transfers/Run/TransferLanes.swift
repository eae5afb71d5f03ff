import Synchronization

/// The connections one file is read or written through (`StripedFileReader`,
/// `StripedFileWriter`): the transfer's own first, then the helpers that joined. Each request
/// goes to the lane with the fewest in flight; a helper that fails is left out and its request
/// asked again on the first lane. `Sendable`: the lanes live behind a `Mutex`.
final class TransferLanes<Member: Sendable>: Sendable {
    private struct Lane {
        let member: Member
        let release: (@Sendable (_ failed: Bool) async -> Void)?
        var inFlight = 0
        var failed = false
    }

    private struct State {
        var lanes: [Lane]
        var closed = false
    }

    private let state: Mutex<State>
    let first: Member

    init(_ first: Member) {
        self.first = first
        state = Mutex(State(lanes: [Lane(member: first, release: nil)]))
    }

    /// One lane more; false (and nothing joined) once closed, when the caller closes `member`
    /// and gives its connection back itself.
    func join(_ member: Member, release: @escaping @Sendable (_ failed: Bool) async -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.lanes.append(Lane(member: member, release: release))
            return true
        }
    }

    /// Runs `request` on the lane with the fewest in flight. A helper's failure marks it and
    /// runs `request` again on the first lane; a stop (pause, Ctrl-C) is no helper's failure.
    func run<Result: Sendable>(_ request: (Member) async throws -> Result) async throws -> Result {
        let (index, member) = state.withLock { state in
            var best = 0
            for index in state.lanes.indices.dropFirst() where !state.lanes[index].failed
                && state.lanes[index].inFlight < state.lanes[best].inFlight
            {
                best = index
            }
            state.lanes[best].inFlight += 1
            return (best, state.lanes[best].member)
        }
        do {
            let result = try await request(member)
            state.withLock { $0.lanes[index].inFlight -= 1 }
            return result
        } catch {
            let retry = index > 0 && !(error is CancellationError) && !Task.isCancelled
            state.withLock { state in
                state.lanes[index].inFlight -= 1
                if retry { state.lanes[index].failed = true }
            }
            guard retry else { throw error }
            return try await request(first)
        }
    }

    /// Closes the lanes to newcomers, then closes each helper's member with `close` and gives
    /// its connection back.
    func closeHelpers(_ close: (Member) async throws -> Void) async {
        let helpers = state.withLock { state in
            state.closed = true
            return state.lanes.dropFirst().compactMap { lane in lane.release.map { (lane.member, $0, lane.failed) } }
        }
        for (member, release, failed) in helpers {
            try? await close(member)
            await release(failed)
        }
    }
}
