import Foundation
import TermindTestSupport

/// Bytes arriving per 100 ms while a download runs, for any tool: the bytes allocated in the
/// receiving directory (its files and partials, by `st_blocks`, which a sparse preallocation
/// does not inflate) are sampled from outside the process. A stall shows as a run of small
/// figures, whatever the tool prints about itself.
struct TransferTimeline {
    let label: String
    /// Bytes that arrived in each interval.
    let deltas: [Int]
    let interval: Duration

    /// Runs `executable arguments` to completion, sampling `directory` every `interval`.
    static func record(
        _ label: String, directory: String, interval: Duration = .milliseconds(100),
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> TransferTimeline {
        let child = try ChildProcess(executable, arguments, environment: environment)
        var deltas: [Int] = []
        var last = allocatedBytes(in: directory)
        let clock = ContinuousClock()
        var next = clock.now + interval
        while child.isRunning {
            Thread.sleep(forTimeInterval: Double((next - clock.now).components.attoseconds) / 1e18)
            next += interval
            let now = allocatedBytes(in: directory)
            deltas.append(max(0, now - last))
            last = now
        }
        guard let output = child.waitForExit(within: 5), output.status == 0 else {
            throw TestRigError("\(label) failed while its timeline was taken")
        }
        return TransferTimeline(label: label, deltas: deltas, interval: interval)
    }

    /// The bytes allocated to the regular files directly inside `directory`.
    static func allocatedBytes(in directory: String) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var total = 0
        for name in names {
            var info = stat()
            if lstat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                total += Int(info.st_blocks) * 512
            }
        }
        return total
    }

    /// A stall: an interval with less than a quarter of the median rate, once data flows.
    var stalls: Int {
        Array(deltas.drop { $0 == 0 }).dropLast().filter { $0 * 4 < medianDelta }.count
    }

    /// The median bytes per interval once data flows.
    var medianDelta: Int {
        let flowing = deltas.drop { $0 == 0 }.sorted()
        return flowing.isEmpty ? 0 : flowing[flowing.count / 2]
    }

    /// `termind  12 intervals, median 85 MB/s, 2 stalls` then the MB of each interval.
    func printed() -> String {
        let perInterval = deltas.map { String(format: "%.0f", Double($0) / 1e6) }
        let seconds = Double(interval.components.attoseconds) / 1e18
        let median = Double(medianDelta) / seconds / 1e6
        var rows = [
            "  \(label.padding(toLength: 40, withPad: " ", startingAt: 0)) \(deltas.count) intervals, "
                + String(format: "median %.0f MB/s, %d stalls (< 1/4 of the median)", median, stalls),
        ]
        for start in stride(from: 0, to: perInterval.count, by: 25) {
            rows.append("    " + perInterval[start..<min(start + 25, perInterval.count)].joined(separator: " "))
        }
        return rows.joined(separator: "\n")
    }
}
