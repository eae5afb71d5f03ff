import TermindApplication
import TermindDomain

/// Server metrics (docs/behaviour.md §9): one sampler per Host, on the connection of the pane
/// that first opened a shell there (its panes share that connection unless `share off`), or on
/// one a metrics pane opened when no pane of the Host had a connection. The sampler holds no
/// lease of its own: it ends with its connection, and the next pane to connect starts another.
/// While a metrics pane of the Host is open, the sampler also reads the file systems; it is
/// started again (on the same connection) when that need changes.
extension Workbench {
    /// A terminal's shell opened on `connection`: the Host's sampler starts there unless one runs.
    func sampleMetrics(of label: String, on connection: any SSHConnection) {
        guard metrics.samplers[label] == nil, !metrics.yielded.contains(label) else { return }
        startSampler(of: label, on: connection, filesystems: hasMetricsPane(on: label))
    }

    /// Starts the Host's sampler on `connection`, reading the file systems when a metrics pane
    /// shows them; one running before is replaced.
    private func startSampler(of label: String, on connection: any SSHConnection, filesystems: Bool) {
        // A Host's own interval; an ad-hoc target samples every 2 s.
        let interval = hosts.first { $0.label.rawValue == label }?.metricsInterval ?? 2
        guard let sampler = services.metricsSampler(hostLabel: label, interval: interval, filesystems: filesystems) else { return }
        metrics.samplers.removeValue(forKey: label)?.task.cancel()
        metrics.nextSamplerNumber += 1
        let number = metrics.nextSamplerNumber
        let received: @Sendable (ServerMetrics) async -> Bool = { [weak self] metrics in
            await self?.received(metrics, of: label, sampler: number) ?? false
        }
        let task = Task { [weak self] in
            var stopped: (any Error)?
            do { try await sampler.watch(on: connection, received) } catch { stopped = error }
            self?.samplerEnded(label, sampler: number, error: stopped)
        }
        metrics.samplers[label] = HostSampler(number: number, task: task, connection: connection, readsFilesystems: filesystems)
        var figures = metrics.hosts[label] ?? HostMetrics()
        figures.isSampling = true
        figures.interval = sampler.interval
        figures.problem = nil
        metrics.hosts[label] = figures
        metricsChanged(on: label)
    }

    /// Stops the Host's sampler so a pane can have its channel (the server's session limit was
    /// reached); it does not start again by itself on this run (a metrics pane may ask). The
    /// task to wait for, if one ran.
    func yieldMetrics(of label: String) -> Task<Void, Never>? {
        metrics.yielded.insert(label)
        guard let sampler = metrics.samplers.removeValue(forKey: label) else { return nil }
        sampler.task.cancel()
        metrics.hosts[label]?.isSampling = false
        metrics.hosts[label]?.problem = "the server's session limit was reached, and a pane needed the sampler's channel"
        metricsChanged(on: label)
        return sampler.task
    }

    /// Keeps `sample` in the Host's history; false (stop sampling) once this sampler was replaced.
    private func received(_ sample: ServerMetrics, of label: String, sampler number: Int) -> Bool {
        guard let sampler = metrics.samplers[label], sampler.number == number, !sampler.task.isCancelled else { return false }
        metrics.hosts[label, default: HostMetrics()].history.append(sample)
        metricsChanged(on: label)
        onChange()
        return true
    }

    /// The sampler's channel ended: by a replacement or a yield (nothing to do), with its
    /// connection (the history stays for the metrics panes), or by a failure the panes show.
    private func samplerEnded(_ label: String, sampler number: Int, error: (any Error)?) {
        guard metrics.samplers[label]?.number == number else { return }
        metrics.samplers[label] = nil
        metrics.hosts[label]?.isSampling = false
        if let error, !(error is CancellationError) {
            metrics.hosts[label]?.problem = Self.problem(error)
            if error is SSHFailure { dropMetricsConnections(of: label) }
        }
        metricsChanged(on: label)
        onChange()
    }

    private static func problem(_ error: any Error) -> String {
        if let failure = error as? SSHFailure { return "the connection ended: \(failure.detail)" }
        if let failure = error as? MetricsFailure { return failure.description }
        if let failure = error as? any CategorizedFailure { return failure.description }
        return String(describing: error)
    }

    // MARK: - The metrics pane

    /// Opens a metrics pane of the focused pane's Host beside it (a new Workspace when there is
    /// no room), or says why there is none to open.
    func openMetrics() {
        let current = workspace.focusedPane
        guard let label = panes[current.id]?.hostLabel, current.kind != .localBrowser else {
            message = "metrics are a Host's: open a terminal on a Host, then \(keys(for: .openMetrics) ?? "open-metrics") beside it"
            return
        }
        if let open = workspace.panes.first(where: { ($0.kind == .metrics) && panes[$0.id]?.hostLabel == label }) {
            // One is enough per Workspace: the figures are the Host's, not the pane's.
            workspace.focus(open.id)
            return
        }
        focus = .panes
        let pane = Pane(kind: .metrics, hostID: current.hostID)
        if !splitFocusedPane(with: pane) {
            workspaces.append(Workspace(name: label, pane: pane))
            selectedWorkspace = workspaces.count - 1
        }
        startMetricsPane(pane.id, label: label)
    }

    /// A fresh metrics pane component for pane `id`, asking for its Host's figures.
    func startMetricsPane(_ id: PaneID, label: String) {
        if panes[id] != nil { deliver(.close, to: id) }
        install(MetricsPane(paneID: id, host: label, size: contentSize(of: id, in: workspace)))
        deliver(.connect, to: id)
    }

    /// The `.watchMetrics` effect of metrics pane `id`: the pane gets the figures so far, and
    /// a running sampler reads the file systems from now on. The pane holds the Host's shared
    /// connection (so the figures go on when the Host's other panes close), or, with no
    /// sampler running, a connection is opened for it and the sampler starts there; its
    /// questions name the metrics pane.
    func watchMetrics(for id: PaneID, label: String, generation: AttemptGeneration) {
        metrics.yielded.remove(label)
        if let figures = metrics.hosts[label] { deliver(.metrics(figures), to: id) }
        if let sampler = metrics.samplers[label], !sampler.readsFilesystems {
            startSampler(of: label, on: sampler.connection, filesystems: true)
        }
        guard metrics.samplers[label] == nil || sharesConnection(label) else { return }
        metrics.connections.removeValue(forKey: id).map(letGoLater)
        metrics.openings[id]?.cancel()
        metrics.openings[id] = Task { [weak self] in
            do {
                guard let self else { return }
                let opened = try await self.openChannel(on: label, for: id, generation: generation, forFiles: false) { $0 }
                guard self.panes[id] is MetricsPane, !Task.isCancelled else {
                    await Self.letGo(opened.connection, in: self.sharedConnections)
                    return
                }
                self.metrics.openings[id] = nil
                self.metrics.connections[id] = opened.connection
                if self.metrics.samplers[label] == nil { self.startSampler(of: label, on: opened.channel, filesystems: true) }
            } catch {
                self?.metrics.openings[id] = nil
                self?.deliver(.connectFailed(generation, error), to: id)
            }
            self?.run(.watchPendingInteractions)
            self?.onChange()
        }
    }

    /// The Host's connection ended under its sampler: the metrics panes' holds on it are
    /// dropped with it, so trying again opens a fresh one instead of the dead one.
    private func dropMetricsConnections(of label: String) {
        let shared = sharedConnections
        for (id, held) in metrics.connections where (panes[id] as? MetricsPane)?.host == label {
            metrics.connections[id] = nil
            Task {
                if let lease = held.lease { await shared.discard(lease) } else { await held.connection.close() }
            }
        }
    }

    /// Metrics pane `id` closed: its connection (if it opened one) is let go, and with no
    /// metrics pane of the Host left the sampler stops reading the file systems.
    func stopWatchingMetrics(for id: PaneID) {
        metrics.openings.removeValue(forKey: id)?.cancel()
        let label = (panes[id] as? MetricsPane)?.host
        if let connection = metrics.connections.removeValue(forKey: id) { letGoLater(connection) }
        guard let label, let sampler = metrics.samplers[label], sampler.readsFilesystems,
              !panes.values.contains(where: { $0 is MetricsPane && $0.paneID != id && $0.hostLabel == label })
        else { return }
        let stillUsed = panes.values.contains { $0.paneID != id && $0.hostLabel == label && $0.isLive }
        if stillUsed {
            startSampler(of: label, on: sampler.connection, filesystems: false)
        } else {
            // Nothing of the Host's is live: its connection closes with the last hold.
            sampler.task.cancel()
        }
    }

    private func letGoLater(_ connection: PaneConnection) {
        let shared = sharedConnections
        Task { await Self.letGo(connection, in: shared) }
    }

    private func hasMetricsPane(on label: String) -> Bool {
        panes.values.contains { $0 is MetricsPane && $0.hostLabel == label }
    }

    /// Tells every metrics pane of the Host what its figures are now.
    private func metricsChanged(on label: String) {
        guard let figures = metrics.hosts[label] else { return }
        for case let pane as MetricsPane in panes.values where pane.host == label {
            deliver(.metrics(figures), to: pane.paneID)
        }
    }

    /// "cpu 12% mem 45% load 0.52" for the focused pane's Host, while its sampler runs.
    var focusedHostMetrics: String? {
        guard let label = focusedPane?.hostLabel, let host = metrics.hosts[label], host.isSampling,
              let metrics = host.history.latest else { return nil }
        var parts = ["cpu \(Int(metrics.cpuPercent.rounded()))%"]
        if let memory = metrics.memory { parts.append("mem \(Int(memory.usedPercent.rounded()))%") }
        if let load = metrics.load { parts.append("load " + String(format: "%.2f", load.one)) }
        return parts.joined(separator: " ")
    }
}
