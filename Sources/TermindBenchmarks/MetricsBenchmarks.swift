import Foundation
import TermindApplication
import TermindResources
import TermindTestSupport

/// `termind-bench metrics`: what the server pays for a Host's metrics (issue 17's goal: under
/// 1% of one core and 8 KiB per sample at the default 2 s). The sampler script runs here, as
/// the server runs it, for a fixed number of samples back to back (its loop bounded and its
/// sleep 0, so the CPU of every process it starts is reaped and counted); CPU per sample over
/// the default interval is the share of one core, and the output per sample is what crosses
/// the network before SSH's framing.
struct MetricsBenchmarks {
    let samples = 50
    let interval = 2.0

    func run() throws {
        print("Metrics sampler on this machine (\(samples) samples back to back; \(ProcessInfo.processInfo.activeProcessorCount) cores):")
        for filesystems in [false, true] {
            let script = try bounded(try TermindResources.metricsSamplerScript(interval: 2, filesystems: filesystems))
            let before = Benchmark.childrenCPUSeconds()
            let output = try ChildProcess.run("/bin/sh", ["-c", script])
            require(output, "the sampler script")
            let cpu = (Benchmark.childrenCPUSeconds() - before) / Double(samples)
            let count = output.stdout.components(separatedBy: "@@\(boundary) end\n").count - 1
            precondition(count == samples, "the sampler printed \(count) samples, not \(samples)")
            let bytes = Double(output.stdout.utf8.count) / Double(samples)
            print(String(
                format: "  %@: %.1f ms CPU per sample = %.2f%% of one core at %.0f s; %.0f bytes per sample (goal: <1%%, <8192)",
                filesystems ? "with file systems (details open)" : "status bar (no file systems)   ",
                cpu * 1000, cpu / interval * 100, interval, bytes))
        }
    }

    /// A fixed boundary: the one run here frames its own samples only.
    private let boundary = "0123456789abcdef0123456789abcdef"

    /// The script with its endless loop cut to `samples` passes without sleeping, and in the
    /// foreground (the real one waits in the background for its channel's input to close).
    private func bounded(_ script: String) throws -> String {
        let loop = "while :; do", background = "2>/dev/null &\n", waiting = "cat >/dev/null\nkill 0 2>/dev/null\n"
        precondition(script.contains(loop) && script.contains(background) && script.contains(waiting)
                     && script.contains("sleep \"$interval\"") && script.contains(MetricsSampler.boundaryPlaceholder),
                     "the sampler script changed shape; update MetricsBenchmarks")
        return script
            .replacingOccurrences(of: MetricsSampler.boundaryPlaceholder, with: boundary)
            .replacingOccurrences(of: background, with: "2>/dev/null\n")
            .replacingOccurrences(of: waiting, with: "")
            .replacingOccurrences(of: loop, with: "pass=0; while [ $pass -lt \(samples) ]; do pass=$((pass + 1))")
            .replacingOccurrences(of: "sleep \"$interval\"", with: "sleep 0")
    }
}
