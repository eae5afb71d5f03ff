import Synchronization

/// One listener's counters: the connection's worker thread adds to them as bytes move, anyone
/// reads a `snapshot` (the workbench's forwards overlay). Only counts cross threads; the
/// listener and its sockets stay the worker's.
public final class ForwardMeter: Sendable {
    private let counts = Mutex(ForwardStatistics())
    private let shortageReports: AsyncStream<ForwardStatistics>.Continuation
    /// The counters each time the listener says it ran out of file descriptors (as often as
    /// its log line: at most once a second), for `forward` to print; only the newest unread is
    /// kept. One reader.
    public let shortages: AsyncStream<ForwardStatistics>

    public init() {
        (shortages, shortageReports) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    deinit { shortageReports.finish() }

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

    /// Counts a connection not taken for want of a file descriptor; `detail` is the last error.
    public func ranOutOfDescriptors(_ detail: String) {
        counts.withLock {
            $0.descriptorShortages += 1
            $0.lastError = detail
        }
    }

    /// Hands the counters to the reader of `shortages`.
    public func reportShortage() {
        shortageReports.yield(snapshot)
    }
}
