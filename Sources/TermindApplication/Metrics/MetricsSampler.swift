import TermindDomain

/// One Host's metrics sampler (docs/behaviour.md §9): the sampler script on one exec channel of
/// the Host's authenticated connection, its output cut into samples by `MetricsStream`, each
/// pair of samples made into `ServerMetrics`. Serial by construction: one channel, one loop.
/// The first metrics come one interval after the start (a rate needs two samples).
public struct MetricsSampler: Sendable {
    /// The exec channel's command: a shell that reads the script from its standard input, so
    /// the server's process table shows `sh -s`, never the script or its boundary.
    public static let command = "exec sh -s"
    /// Where the script takes the run's boundary.
    public static let boundaryPlaceholder = "@@boundary@@"

    public let host: String
    /// The sampler script (`TermindResources.metricsSamplerScript`), which the CLI hands in:
    /// its settings in place, and `boundaryPlaceholder` where each run's boundary goes.
    public let script: String
    public let allInterfaces: Bool
    /// Seconds between samples, as the script was made with (for the person to see).
    public let interval: Int

    public init(host: String, script: String, allInterfaces: Bool = false, interval: Int = 2) {
        self.host = host
        self.script = script
        self.allInterfaces = allInterfaces
        self.interval = interval
    }

    /// Opens the sampler's channel, writes the script to it with a fresh boundary, and hands
    /// `each` the metrics as they come, until `each` returns false or the sampler fails:
    /// `MetricsFailure` (unavailable, a sample that does not parse, ended) or the connection's
    /// own error. Either way the channel's input is closed, on which the script ends its whole
    /// process group at once (closing the channel alone would leave it running until its next
    /// write), and the channel is closed.
    public func watch(
        on connection: any SSHConnection, _ each: @Sendable (ServerMetrics) async throws -> Bool
    ) async throws {
        let boundary = Self.freshBoundary()
        let process = try await connection.execute(Self.command)
        do {
            // Cancelled, the script is told at once (it ends on its input's EOF), not at its next sample.
            try await withTaskCancellationHandler {
                try await process.write(Array(script.replacing(Self.boundaryPlaceholder, with: boundary).utf8))
                try await read(process, MetricsStream(boundary: boundary), each)
            } onCancel: {
                Task { try? await process.closeInput() }
            }
        } catch {
            await stop(process)
            throw error
        }
        await stop(process)
    }

    /// 128 random bits in hex, made here for one run: no process on the server can guess it,
    /// and it reaches the server only on the channel's standard input.
    private static func freshBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    private func stop(_ process: any RemoteProcess) async {
        try? await process.closeInput()
        await process.close()
    }

    private func read(
        _ process: any RemoteProcess, _ stream: MetricsStream, _ each: @Sendable (ServerMetrics) async throws -> Bool
    ) async throws {
        var reader = stream
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
