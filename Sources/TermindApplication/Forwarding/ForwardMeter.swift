import Synchronization

/// One listener's counters: the connection's worker thread adds to them as bytes move, anyone
/// reads a `snapshot` (the workbench's forwards overlay). Only counts cross threads; the
/// listener and its sockets stay the worker's.
public final class ForwardMeter: Sendable {
    private let counts = Mutex(ForwardStatistics())

    public init() {}

    public var snapshot: ForwardStatistics { counts.withLock { $0 } }

    public func connectionOpened() {
        counts.withLock {
            $0.openConnections += 1
            $0.totalConnections += 1
        }
    }

    public func connectionClosed() {
        counts.withLock { $0.openConnections = max(0, $0.openConnections - 1) }
    }

    public func sent(_ count: Int) {
        counts.withLock { $0.bytesSent &+= UInt64(count) }
    }

    public func received(_ count: Int) {
        counts.withLock { $0.bytesReceived &+= UInt64(count) }
    }

    /// Keeps the latest failure of one of the listener's connections.
    public func failed(_ detail: String) {
        counts.withLock { $0.lastError = detail }
    }
}
