import Synchronization

/// Standard output for `termind mcp`: whole lines, one writer at a time, so two answers
/// finished at once never interleave on the transport.
final class MCPLineWriter: Sendable {
    private let lock = Mutex(())
    private let sink: @Sendable (String) -> Void

    init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    func write(_ line: String) { lock.withLock { _ in sink(line) } }
}
