/// What the sampler's output amounts to, as `MetricsStream` reads it.
public enum MetricsStreamEvent: Sendable, Equatable {
    case sample(MetricsSample)
    /// The server has no `/proc` (BSD, macOS...): "metrics unavailable on this server".
    case unavailable
}
