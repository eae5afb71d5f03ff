import Foundation

/// The one table of a `make bench` run: each benchmark's headline rows, Termind against its
/// peer, written with the date and the machine to `docs/benchmarks.md` (and the README's
/// table between its markers) when `TERMIND_BENCH_REPORT` names the file. The figures of
/// earlier runs are in the commits that wrote them.
final class BenchmarkReport: @unchecked Sendable {
    struct Row {
        let work: String
        let termind: String
        let peer: String
        let peerTool: String
        let ratio: Double
        /// Client CPU, "termind / peer", where the benchmark measures it.
        let cpu: String
        /// A detail of the row above (bytes or CPU of the same run): in the file, not the README.
        let isDetail: Bool
    }

    static let shared = BenchmarkReport()
    /// The rows so far; a benchmark may add from a thread of its own.
    private var recorded: [Row] = []
    private let lock = NSLock()
    private let started = Date()

    private var rows: [Row] { lock.withLock { recorded } }

    func add(_ work: String, termind: String, peer: String, peerTool: String, ratio: Double, cpu: String = "", isDetail: Bool = false) {
        lock.withLock {
            recorded.append(Row(work: work, termind: termind, peer: peer, peerTool: peerTool, ratio: ratio, cpu: cpu, isDetail: isDetail))
        }
    }

    /// Writes the table when `TERMIND_BENCH_REPORT` is set (`make bench` sets it): the whole
    /// file, and the README's table if a README with the markers sits beside its `docs/`.
    func writeIfAsked(run: String) throws {
        guard let path = ProcessInfo.processInfo.environment["TERMIND_BENCH_REPORT"], !path.isEmpty, !rows.isEmpty else { return }
        try markdown(run: run).write(toFile: path, atomically: true, encoding: .utf8)
        let readme = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md").path
        if let text = try? String(contentsOfFile: readme, encoding: .utf8),
           let begin = text.range(of: Self.readmeBegin), let end = text.range(of: Self.readmeEnd), begin.upperBound <= end.lowerBound {
            let table = "\n" + summary(run: run) + "\n"
            try (text[..<begin.upperBound] + table + text[end.lowerBound...]).write(toFile: readme, atomically: true, encoding: .utf8)
        }
        print("\nwrote \(path) (\(rows.count) rows)")
    }

    static let readmeBegin = "<!-- begin: written by make bench -->"
    static let readmeEnd = "<!-- end: written by make bench -->"

    private var date: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMMM yyyy, HH:mm 'UTC'"
        return formatter.string(from: started)
    }

    /// Cores, CPU model, memory, kernel and the peers' versions, as this machine says.
    private var machine: String {
        func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let model = read("/proc/cpuinfo").split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let memory = read("/proc/meminfo").split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }.map { String(format: "%.0f GiB", $0 / 1_048_576) } ?? "?"
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let load = read("/proc/loadavg").split(separator: " ").first.map(String.init) ?? "?"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(model)), \(memory), Linux \(kernel), load \(load) at the start"
    }

    private func markdown(run: String) -> String {
        var text = """
            # Benchmarks

            Written by `\(run)` on \(date): \(machine). Loopback sshd; medians; above 1.00x Termind is
            slower (or uses more). How each row is taken: `docs/development.md`, "Benchmarks"; earlier
            figures are in the commits that changed this file.

            | work | Termind | peer | ratio | peer tool | client CPU (Termind / peer) |
            |---|---|---|---|---|---|

            """
        for row in rows {
            text += "| \(row.work) | \(row.termind) | \(row.peer) | \(String(format: "%.2fx", row.ratio)) | \(row.peerTool) | \(row.cpu) |\n"
        }
        return text
    }

    /// The README's short table: the work, and the ratio against each peer.
    private func summary(run: String) -> String {
        var text = "`\(run)` of \(date) (\(ProcessInfo.processInfo.activeProcessorCount) cores, loopback sshd; above 1.00x Termind is\nslower; every row: `docs/benchmarks.md`):\n\n| work | Termind vs peer |\n|---|---|\n"
        var order: [String] = []
        var ratios: [String: [String]] = [:]
        for row in rows where !row.isDetail {
            if ratios[row.work] == nil { order.append(row.work) }
            ratios[row.work, default: []].append(String(format: "%.2fx", row.ratio) + " " + row.peerTool)
        }
        for work in order { text += "| \(work) | \(ratios[work]!.joined(separator: ", ")) |\n" }
        return text
    }
}
