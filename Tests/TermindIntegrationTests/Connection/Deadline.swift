/// The test took longer than its limit: something hung.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "did not finish within \(limit)" }
}

/// Runs `body`, failing with `DeadlineExceeded` if it takes longer than `limit`, so a hang
/// fails the test instead of stalling the run.
func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)  // the limit itself
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded(limit: limit) }
        return value
    }
}
