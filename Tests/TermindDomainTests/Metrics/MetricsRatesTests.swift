import TermindDomain
import XCTest

/// Rates between two samples, timed by the server's uptime.
final class MetricsRatesTests: XCTestCase {
    private func pair() throws -> (MetricsSample, MetricsSample) {
        let events = try MetricsTestText.events(MetricsFixtures.linux515 + MetricsFixtures.linux515Later)
        guard case .sample(let first) = events[0], case .sample(let second) = events[1] else {
            throw TestFixtureError("the two Linux 5.15 fixtures did not parse as two samples: \(events)")
        }
        return (first, second)
    }

    func testRatesUseTheServersUptimeBetweenSamples() throws {
        let (first, second) = try pair()
        let metrics = try XCTUnwrap(ServerMetrics.between(first, second))
        XCTAssertEqual(metrics.interval, 2, accuracy: 1e-9)
        // 200000 bytes in over 2 s of server time, 100000 out.
        XCTAssertEqual(metrics.network.map(\.name), ["enp3s0"])
        XCTAssertEqual(metrics.network.first?.receivedPerSecond ?? 0, 100_000, accuracy: 1e-6)
        XCTAssertEqual(metrics.network.first?.sentPerSecond ?? 0, 50_000, accuracy: 1e-6)
        // 4000 sectors of 512 bytes read, 2000 written.
        XCTAssertEqual(metrics.disks.first?.readPerSecond ?? 0, 4000 * 512 / 2, accuracy: 1e-6)
        XCTAssertEqual(metrics.disks.first?.writtenPerSecond ?? 0, 2000 * 512 / 2, accuracy: 1e-6)
    }

    func testCPUPercentIsBusyTicksOverAllTicks() throws {
        let (first, second) = try pair()
        let metrics = try XCTUnwrap(ServerMetrics.between(first, second))
        // Aggregate: 300 user + 100 system busy of 600 ticks.
        XCTAssertEqual(metrics.cpuPercent, 400.0 / 600.0 * 100, accuracy: 1e-9)
        XCTAssertEqual(metrics.cores.map(\.core), [0, 1])
        XCTAssertEqual(metrics.cores[0].percent, 250.0 / 300.0 * 100, accuracy: 1e-9)
        XCTAssertEqual(metrics.cores[1].percent, 150.0 / 300.0 * 100, accuracy: 1e-9)
    }

    func testProcessCPUIsTicksOverIntervalAndMemoryIsResidentPages() throws {
        let (first, second) = try pair()
        let process = try XCTUnwrap(ServerMetrics.between(first, second)?.processes.first)
        // 150 ticks at 100 per second over 2 s: 75% of one core.
        XCTAssertEqual(process.cpuPercent, 75, accuracy: 1e-9)
        XCTAssertEqual(process.memory, 2048 * 4096)
        XCTAssertEqual(process.startTime, 99000)
    }

    func testBridgesVethsAndLoopbackAreLeftOutUnlessAskedFor() throws {
        let (first, second) = try pair()
        XCTAssertEqual(ServerMetrics.between(first, second, allInterfaces: true)?.network.map(\.name), ["lo", "enp3s0", "docker0"])
        XCTAssertFalse(NetworkInterfaceKind.isPhysical("veth9", physical: nil))
        XCTAssertFalse(NetworkInterfaceKind.isPhysical("br-1f2e", physical: nil))
        XCTAssertTrue(NetworkInterfaceKind.isPhysical("eno1", physical: nil))
    }

    func testAnUptimeThatDidNotAdvanceGivesNoRates() throws {
        let (first, _) = try pair()
        XCTAssertNil(ServerMetrics.between(first, first))
        var rebooted = first
        rebooted.uptime = 5
        XCTAssertNil(ServerMetrics.between(first, rebooted))
    }

    func testACounterThatWentBackCountsAsNoTraffic() throws {
        let (first, second) = try pair()
        var reset = second
        reset.interfaces = [InterfaceCounters(name: "enp3s0", received: 10, sent: 10)]
        reset.cpu = CPUTimes(core: nil, busy: 1, total: 2)
        let metrics = try XCTUnwrap(ServerMetrics.between(first, reset))
        XCTAssertEqual(metrics.network.first?.receivedPerSecond, 0)
        XCTAssertEqual(metrics.cpuPercent, 0)
    }

    func testFileSystemsInMemoryAreLeftOut() throws {
        let events = try MetricsTestText.events(MetricsFixtures.linux2632 + MetricsFixtures.linux2632.replacingOccurrences(of: "86400.50", with: "86402.50"))
        guard case .sample(let first) = events[0], case .sample(let second) = events[1] else { return XCTFail("two samples") }
        XCTAssertEqual(ServerMetrics.between(first, second)?.filesystems?.map(\.mount), ["/", "/boot"])
    }
}

/// A fixture that does not read as the test expects: the test fails, naming what it got.
private struct TestFixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
