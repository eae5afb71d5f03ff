import TermindApplication
import TermindDomain

/// The status bar's server metrics (docs/behaviour.md §9): one sampler per Host, on the
/// connection of the pane that opened the Host's first shell (its panes share that connection
/// unless `share off`). The sampler holds no lease: when the connection closes with its last
/// pane, the sampler's channel ends with it, and the next pane to connect starts a new one.
extension Workbench {
    func sampleMetrics(of label: String, on connection: any SSHConnection) {
        guard metricsSamplers[label] == nil, !metricsYielded.contains(label), let sampler = services.metricsSampler(hostLabel: label) else { return }
        let received: @Sendable (ServerMetrics) async -> Bool = { [weak self] metrics in
            await self?.received(metrics, of: label) ?? false
        }
        metricsSamplers[label] = Task { [weak self] in
            try? await sampler.watch(on: connection, received)
            self?.metricsSamplers[label] = nil
            self?.hostMetrics[label] = nil
            self?.onChange()
        }
    }

    /// Stops the Host's sampler so a pane can have its channel (the server's session limit was
    /// reached); it does not start again on this run. The task to wait for, if one ran.
    func yieldMetrics(of label: String) -> Task<Void, Never>? {
        metricsYielded.insert(label)
        guard let sampler = metricsSamplers.removeValue(forKey: label) else { return nil }
        sampler.cancel()
        return sampler
    }

    /// Keeps `metrics` for the status bar; false (stop sampling) once the sampler was cancelled.
    private func received(_ metrics: ServerMetrics, of label: String) -> Bool {
        guard metricsSamplers[label]?.isCancelled == false else { return false }
        hostMetrics[label] = metrics
        onChange()
        return true
    }

    /// "cpu 12% mem 45% load 0.52" for the focused pane's Host, when its sampler has metrics.
    var focusedHostMetrics: String? {
        guard let label = focusedPane?.hostLabel, let metrics = hostMetrics[label] else { return nil }
        var parts = ["cpu \(Int(metrics.cpuPercent.rounded()))%"]
        if let memory = metrics.memory { parts.append("mem \(Int(memory.usedPercent.rounded()))%") }
        if let load = metrics.load { parts.append("load " + String(format: "%.2f", load.one)) }
        return parts.joined(separator: " ")
    }
}
