/// Runs `expire` once `limit` passes, unless the returned task is cancelled first: the limit
/// on a wait that could otherwise hang, so the test fails instead of stalling the run. Not a
/// wait before an assertion: nothing waits for it.
@discardableResult
public func onExpiry(of limit: Duration, _ expire: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    Task {
        guard (try? await Task.sleep(for: limit)) != nil else { return }  // the tests' one limit timer
        await expire()
    }
}
