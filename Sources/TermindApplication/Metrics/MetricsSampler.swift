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

    public init(host: String, command: String, allInterfaces: Bool = false) {
        self.host = host
        self.command = command
        self.allInterfaces = allInterfaces
    }

    /// Metrics as they come, until the consumer stops (the channel is then closed, and the
    /// script dies of SIGPIPE at its next write) or the sampler fails: `MetricsFailure`
    /// (unavailable, unreadable, ended) or the connection's own error.
    public func metrics(on connection: any SSHConnection) -> AsyncThrowingStream<ServerMetrics, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ServerMetrics, any Error>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let task = Task {
            var process: (any RemoteProcess)?
            do {
                let opened = try await connection.execute(command)
                process = opened
                try await opened.closeInput()
                try await run(opened, into: continuation)
            } catch {
                continuation.finish(throwing: error)
            }
            await process?.close()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func run(
        _ process: any RemoteProcess, into continuation: AsyncThrowingStream<ServerMetrics, any Error>.Continuation
    ) async throws {
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
                        continuation.yield(metrics)
                    }
                    previous = sample
                }
            }
        }
        try Task.checkCancellation()
        throw MetricsFailure("\(host): the metrics sampler ended (is sh, awk or /proc missing?)")
    }
}
