import TermindDomain

/// A server's metrics sampler output, as `MetricsStream` reads it, framed by the boundary `B`
/// (markers `@@B NAME`: short, so the fuzzer finds them; a run's real one is 32 random hex
/// digits). The samples must not depend on where the bytes were split, every list stays within
/// its bound, and the figures made of any two samples are finite, with CPU percentages between
/// 0 and 100.
enum MetricsSampleFuzzing {
    static let boundary = "B"

    static let target = FuzzTarget("metrics-samples", "a server's metrics sampler output (termind metrics, the status bar)") { input throws(FuzzFinding) in
        func read(_ pieces: [ArraySlice<UInt8>]) -> Result<[MetricsStreamEvent], MetricsParseError> {
            var stream = MetricsStream(boundary: boundary)
            var events: [MetricsStreamEvent] = []
            do {
                for piece in pieces { events += try stream.feed(piece) }
            } catch {
                return .failure(error)
            }
            return .success(events)
        }
        let whole = read([input[...]])
        let cut = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
        try FuzzFinding.require(read([input[..<cut], input[cut...]]) == whole, "the samples changed when the output was split at \(cut)")
        guard case .success(let events) = whole else { return }
        var previous: MetricsSample?
        for case .sample(let sample) in events {
            try FuzzFinding.require(
                sample.cores.count <= MetricsSample.Bounds.cores && sample.interfaces.count <= MetricsSample.Bounds.interfaces
                    && sample.disks.count <= MetricsSample.Bounds.disks && (sample.filesystems?.count ?? 0) <= MetricsSample.Bounds.filesystems
                    && sample.processes.count <= MetricsSample.Bounds.processes,
                "a list over its bound")
            if let previous, let metrics = ServerMetrics.between(previous, sample) {
                let figures = [metrics.cpuPercent] + metrics.cores.map(\.percent) + metrics.network.flatMap { [$0.receivedPerSecond, $0.sentPerSecond] }
                    + metrics.disks.flatMap { [$0.readPerSecond, $0.writtenPerSecond] } + metrics.processes.map(\.cpuPercent)
                try FuzzFinding.require(figures.allSatisfy { $0.isFinite && $0 >= 0 }, "a figure that is not finite and non-negative")
                try FuzzFinding.require(([metrics.cpuPercent] + metrics.cores.map(\.percent)).allSatisfy { $0 <= 100 }, "a CPU over 100%")
            }
            previous = sample
        }
    }
}
