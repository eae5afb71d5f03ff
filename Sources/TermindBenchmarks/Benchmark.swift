import Foundation

/// One measurement of Termind against its peer tool on the same machine: each side runs
/// `iterations` times and the medians are compared. A ratio above 1 means Termind is slower.
/// Benchmarks print; they never pass or fail.
struct Benchmark {
    let name: String
    let peer: String
    let iterations: Int
    /// Bytes moved per run, for transfer benchmarks printed as MB/s too.
    var bytes: Int? = nil
    let termind: () throws -> Void
    let peerRun: () throws -> Void

    struct Result {
        let termindSeconds: Double
        let peerSeconds: Double
        /// CPU seconds (user and system) of the processes each side ran, medians.
        let termindCPU: Double
        let peerCPU: Double
        var ratio: Double { termindSeconds / peerSeconds }
    }

    /// `termind 412 MB/s, peer 380 MB/s; CPU s/GiB 2.1 vs 1.9` for a transfer, empty
    /// otherwise. CPU counts the client processes only (the sshd serving both is the same).
    func rates(_ result: Result) -> String {
        guard let bytes else { return "" }
        let rate = { (seconds: Double) in String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6) }
        let perGiB = { (cpu: Double) in String(format: "%.2f", cpu * Double(1 << 30) / Double(bytes)) }
        return "termind \(rate(result.termindSeconds)), peer \(rate(result.peerSeconds)); "
            + "CPU s/GiB \(perGiB(result.termindCPU)) vs \(perGiB(result.peerCPU))"
    }

    /// "2.10 / 1.90 s/GiB" for a transfer: the client CPU per GiB of each side.
    func cpuPerGiB(_ result: Result) -> String? {
        guard let bytes else { return nil }
        let perGiB = { (cpu: Double) in String(format: "%.2f", cpu * Double(1 << 30) / Double(bytes)) }
        return "\(perGiB(result.termindCPU)) / \(perGiB(result.peerCPU)) s/GiB"
    }

    func measure() throws -> Result {
        // One untimed run each warms caches and page tables, as a person's second run would.
        try termind()
        try peerRun()
        var ours: [(wall: Double, cpu: Double)] = [], theirs: [(wall: Double, cpu: Double)] = []
        for _ in 0..<iterations {
            ours.append(try Self.time(termind))
            theirs.append(try Self.time(peerRun))
        }
        return Result(
            termindSeconds: Self.median(ours.map(\.wall)), peerSeconds: Self.median(theirs.map(\.wall)),
            termindCPU: Self.median(ours.map(\.cpu)), peerCPU: Self.median(theirs.map(\.cpu)))
    }

    /// Wall-clock seconds of `body`, and the CPU seconds of the child processes it waited for.
    private static func time(_ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
        let cpuBefore = childrenCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (wall, childrenCPUSeconds() - cpuBefore)
    }

    /// User and system CPU seconds of every child reaped so far (`RUSAGE_CHILDREN`).
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
