import TermindDomain

/// One Host's metrics sampler (docs/behaviour.md §9): the sampler script on one exec channel of
/// the Host's authenticated connection, its output cut into samples by `MetricsStream`, each
/// pair of samples made into `ServerMetrics`. Serial by construction: one channel, one loop.
/// The first metrics come one interval after the start (a rate needs two samples).
public struct MetricsSampler: Sendable {
    public let host: String
    /// The exec command (`TermindResources.metricsSamplerCommand`), which the CLI hands in.
    public let command: String
    public let allInterfaces: Bool
    /// Seconds between samples, as the command was made with (for the person to see).
    public let interval: Int

    public init(host: String, command: String, allInterfaces: Bool = false, interval: Int = 2) {
        self.host = host
        self.command = command
        self.allInterfaces = allInterfaces
        self.interval = interval
    }

    /// Opens the sampler's channel and hands `each` the metrics as they come, until `each`
    /// returns false or the sampler fails: `MetricsFailure` (unavailable, unreadable, ended) or
    /// the connection's own error. Either way the channel's input is closed, on which the
    /// script ends its whole process group at once (closing the channel alone would leave it
    /// running until its next write), and the channel is closed.
    public func watch(
        on connection: any SSHConnection, _ each: @Sendable (ServerMetrics) async throws -> Bool
    ) async throws {
        let process = try await connection.execute(command)
        do {
            // Cancelled, the script is told at once (it ends on its input's EOF), not at its next sample.
            try await withTaskCancellationHandler {
                try await read(process, each)
            } onCancel: {
                Task { try? await process.closeInput() }
            }
        } catch {
            await stop(process)
            throw error
        }
        await stop(process)
    }

    private func stop(_ process: any RemoteProcess) async {
        try? await process.closeInput()
        await process.close()
    }

    private func read(_ process: any RemoteProcess, _ each: @Sendable (ServerMetrics) async throws -> Bool) async throws {
        var reader = MetricsStream()
        var previous: MetricsSample?
        for try await output in process.output {
            try Task.checkCancellation()
            guard case .stdout(let bytes) = output else {
                if case .exit = output { break }
                continue
            }
            let events: [MetricsStreamEvent]
            do { events = try reader.feed(bytes) } catch { throw MetricsFailure("\(host): \(error.description)") }
            for event in events {
                switch event {
                case .unavailable:
                    throw MetricsFailure.unavailable(on: host)
                case .sample(let sample):
                    if let previous, let metrics = ServerMetrics.between(previous, sample, allInterfaces: allInterfaces) {
                        guard try await each(metrics) else { return }
                    }
                    previous = sample
                }
            }
        }
        try Task.checkCancellation()
        throw MetricsFailure("\(host): the metrics sampler ended (is sh, awk or /proc missing?)")
    }
}
