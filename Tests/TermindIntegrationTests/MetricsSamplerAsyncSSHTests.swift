import Synchronization
import TermindApplication
import TermindDomain
import TermindResources
import TermindTestSupport
import XCTest

/// The metrics sampler against servers that are not Linux or that lie, staged by the scripted
/// asyncssh server answering the sampler's real command.
final class MetricsSamplerAsyncSSHTests: XCTestCase {
    private let command = try! TermindResources.metricsSamplerCommand(interval: 1, filesystems: true)

    private func watch(answering stdout: String) async throws -> [ServerMetrics] {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").exec(command, stdout: stdout))
        let sampler = MetricsSampler(host: "lab", command: command)
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
            _ = try await watch(answering: "@@unavailable\n")
            XCTFail("a server without /proc gave metrics")
        } catch let failure as MetricsFailure {
            XCTAssertEqual(failure, .unavailable(on: "lab"))
            XCTAssertTrue(failure.description.contains("metrics unavailable on this server"))
        }
    }

    func testAServerFloodingOneSampleIsRefusedAtTheBound() async throws {
        let flood = "@@sample 100 4096\n@@procs\n" + String(repeating: String(repeating: "x", count: 200) + "\n", count: 1000)
        do {
            _ = try await watch(answering: flood)
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
            "@@sample 100 4096\n@@uptime\n\(uptime) 1.0\n@@stat\ncpu 10 0 10 80 0 0 0 0\n@@netdev\n"
                + "eth0: \(received) 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n@@physical\neth0\n@@procs\n9 5 50 10 \u{1B}[31mred\n@@end\n"
        }
        let metrics = try await watch(answering: sample("100.0", 0) + sample("104.0", 4000))
        XCTAssertEqual(metrics.first?.interval, 4)
        XCTAssertEqual(metrics.first?.network.first?.receivedPerSecond, 1000)
        // The name is kept as data; whatever shows it escapes it (TerminalSafeText, JSON).
        XCTAssertEqual(metrics.first?.processes.first?.name, "\u{1B}[31mred")
    }
}
