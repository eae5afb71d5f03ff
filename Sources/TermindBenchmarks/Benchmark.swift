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
        var ratio: Double { termindSeconds / peerSeconds }
    }

    /// `termind 412 MB/s, peer 380 MB/s` for a transfer, empty otherwise.
    func rates(_ result: Result) -> String {
        guard let bytes else { return "" }
        let rate = { (seconds: Double) in String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6) }
        return "termind \(rate(result.termindSeconds)), peer \(rate(result.peerSeconds))"
    }

    func measure() throws -> Result {
        // One untimed run each warms caches and page tables, as a person's second run would.
        try termind()
        try peerRun()
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<iterations {
            ours.append(try Self.time(termind))
            theirs.append(try Self.time(peerRun))
        }
        return Result(termindSeconds: Self.median(ours), peerSeconds: Self.median(theirs))
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
