/// The last five minutes of a Host's metrics, in memory only (never on disk): what the
/// sparklines draw. Bounded by the server's uptime, and by count so a server whose clock
/// crawls cannot grow it without end.
public struct MetricsHistory: Sendable {
    public static let span: Double = 300
    /// Five minutes at the shortest interval (1 s), and some.
    public static let maximumCount = 320

    public private(set) var entries: [ServerMetrics] = []

    public init() {}

    public mutating func append(_ metrics: ServerMetrics) {
        // A reboot (uptime went back) starts a new history: the old one is another boot's.
        if let last = entries.last, metrics.uptime < last.uptime { entries.removeAll() }
        entries.append(metrics)
        let oldest = metrics.uptime - Self.span
        if let keep = entries.firstIndex(where: { $0.uptime >= oldest }), keep > 0 { entries.removeFirst(keep) }
        if entries.count > Self.maximumCount { entries.removeFirst(entries.count - Self.maximumCount) }
    }

    public var latest: ServerMetrics? { entries.last }
}
