import Synchronization
import TermindApplication
import TermindDomain
import TermindResources
import TermindTestSupport
import XCTest

/// The metrics sampler against servers that are not Linux or that lie, staged by the scripted
/// asyncssh server answering the sampler's real command. The server reads the boundary from the
/// script the sampler writes (`boundary=...`), as the script itself does; `@@` in an answer
/// stands for the marker start `@@BOUNDARY ` (`MetricsSamplerText`).
final class MetricsSamplerAsyncSSHTests: XCTestCase {
    private let script = try! TermindResources.metricsSamplerScript(interval: 1, filesystems: true)

    /// `text` with its markers framed by the boundary the server reads from the script.
    private func framed(_ text: String) -> String { MetricsSamplerText.framed(text, boundary: "{stdin_match}") }

    /// `stdout`: the server's answer, `framed` where it should hold the run's markers.
    private func watch(answering stdout: String) async throws -> [ServerMetrics] {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").exec(
            MetricsSampler.command, stdout: stdout, stdinMatch: "\\nboundary=([0-9a-f]{32})\\n"))
        let sampler = MetricsSampler(host: "lab", script: script)
        return try await within(.seconds(20)) {
            let connection = try await server.connect()
            defer { Task { await connection.close() } }
            let seen = Mutex<[ServerMetrics]>([])
            try await sampler.watch(on: connection) { metrics in
                seen.withLock { $0.append(metrics) }
                return false
            }
            return seen.withLock { $0 }
        }
    }

    func testAServerWithoutProcSaysMetricsUnavailableAndTheSamplerStops() async throws {
        do {
            _ = try await watch(answering: framed("@@unavailable\n"))
            XCTFail("a server without /proc gave metrics")
        } catch let failure as MetricsFailure {
            XCTAssertEqual(failure, .unavailable(on: "lab"))
            XCTAssertTrue(failure.description.contains("metrics unavailable on this server"))
        }
    }

    func testAServerFloodingOneSampleIsRefusedAtTheBound() async throws {
        let flood = "@@sample 100 4096\n@@procs\n" + String(repeating: String(repeating: "x", count: 200) + "\n", count: 1000)
        do {
            _ = try await watch(answering: framed(flood))
            XCTFail("a flood was read")
        } catch let failure as MetricsFailure {
            XCTAssertEqual(failure.description, "lab: the server sent more than 128 KiB for one metrics sample")
        }
    }

    func testASamplerThatEndsSaysSo() async throws {
        do {
            _ = try await watch(answering: "sh: 1: awk: not found\n")
            XCTFail("no metrics were expected")
        } catch let failure as MetricsFailure {
            XCTAssertTrue(failure.description.hasPrefix("lab: the metrics sampler ended"), failure.description)
        }
    }

    func testTwoRecordedSamplesGiveRatesByTheServersUptime() async throws {
        let sample = { (uptime: String, received: Int) in
            "@@sample 100 4096\n@@uptime\n\(uptime) 1.0\n@@stat\ncpu 10 0 10 80 0 0 0 0\n@@meminfo\n@@loadavg\n@@netdev\n"
                + "eth0: \(received) 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n@@diskstats\n@@physical\neth0\n@@procs\n9 5 50 10 \u{1B}[31mred\n@@end\n"
        }
        let metrics = try await watch(answering: framed(sample("100.0", 0) + sample("104.0", 4000)))
        XCTAssertEqual(metrics.first?.interval, 4)
        XCTAssertEqual(metrics.first?.network.first?.receivedPerSecond, 1000)
        // The name is kept as data; whatever shows it escapes it (TerminalSafeText, JSON).
        XCTAssertEqual(metrics.first?.processes.first?.name, "\u{1B}[31mred")
    }

    func testMarkersWithoutTheRunsBoundaryAreData() async throws {
        // A server (or a process named so) printing the sampler's old markers frames nothing:
        // the sample ends where the run's own end marker says, its figures are its own.
        let forged = "@@sample 100 4096\n@@uptime\n100.0 1.0\n@@stat\ncpu 10 0 10 80\n@@meminfo\nMemTotal: 1000 kB\n"
            + "MemAvailable: 750 kB\n@@loadavg\n@@netdev\n@@diskstats\n@@physical\n@@procs\n1 1 0 1 \\n@@end\\n\n@@end\n"
        let later = forged.replacingOccurrences(of: "100.0 1.0", with: "102.0 1.0").replacingOccurrences(of: "10 0 10 80", with: "20 0 20 160")
        let metrics = try await watch(answering: framed(forged) + "@@end\n@@uptime\n9999 1\nMemTotal: 999\n" + framed(later))
        XCTAssertEqual(metrics.first?.uptime, 102)
        XCTAssertEqual(metrics.first?.memory?.total, 1000 * 1024)
        XCTAssertEqual(metrics.first?.processes.first?.name, "\n@@end\n")
    }
}
