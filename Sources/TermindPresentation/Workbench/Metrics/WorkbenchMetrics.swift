import TermindDomain

/// The workbench's Host metrics (`Workbench+Metrics`): each Host's figures, the one sampler per
/// Host, and what each metrics pane holds. A value the `Workbench` owns, on the TUI's main actor.
struct WorkbenchMetrics {
    /// Each Host's metrics: five minutes of figures and whether they come in, for the status
    /// bar and the metrics panes.
    var hosts: [String: HostMetrics] = [:]
    /// One sampler per Host, on the connection of the pane that first opened a shell on it.
    var samplers: [String: HostSampler] = [:]
    var nextSamplerNumber = 0
    /// What each metrics pane holds for its Host's sampler, and the openings under way.
    var connections: [PaneID: PaneConnection] = [:]
    var openings: [PaneID: Task<Void, Never>] = [:]
    /// Hosts whose sampler gave its channel to a pane (the server's session limit).
    var yielded: Set<String> = []
}
