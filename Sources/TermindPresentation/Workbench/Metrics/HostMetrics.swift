import TermindDomain

/// What the workbench knows of one Host's metrics, as its metrics panes and the status bar show
/// it: the last five minutes, whether the Host's sampler runs now, and why it stopped when it
/// stopped by itself. A plain value, delivered to each metrics pane of the Host on a change.
struct HostMetrics {
    var history = MetricsHistory()
    /// The sampler's channel is open: figures come every `interval` seconds.
    var isSampling = false
    /// Seconds between samples, as the sampler was started.
    var interval = 2
    /// Why the sampler stopped (the server has no `/proc`, the connection was lost...); nil
    /// while it runs or when it stopped because nothing needed it.
    var problem: String?
}
