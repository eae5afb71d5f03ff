import TermindDomain
import XCTest

/// The 20-process and five-minute bounds, and every list's cap.
final class MetricsBoundsTests: XCTestCase {
    private func metrics(uptime: Double) -> ServerMetrics {
        let earlier = MetricsSample(uptime: uptime - 2, cpu: CPUTimes(core: nil, busy: 0, total: 0))
        return ServerMetrics.between(earlier, MetricsSample(uptime: uptime, cpu: CPUTimes(core: nil, busy: 1, total: 2)))!
    }

    func testAtMostTwentyProcessesAreKept() throws {
        var text = "@@sample 100 4096\n@@uptime\n10.0 1.0\n@@stat\ncpu 1 1 1 1\n@@procs\n"
        for pid in 1...500 { text += "\(pid) \(pid * 10) \(pid) 100 proc\(pid)\n" }
        text += "@@end\n"
        guard case .sample(let sample) = try MetricsTestText.events(text).first else { return XCTFail("a sample") }
        XCTAssertEqual(sample.processes.count, 20)
    }

    func testHistoryKeepsFiveMinutesOfServerTime() {
        var history = MetricsHistory()
        for second in stride(from: 100.0, through: 1000, by: 2) { history.append(metrics(uptime: second)) }
        XCTAssertEqual(history.entries.first?.uptime, 700)
        XCTAssertEqual(history.latest?.uptime, 1000)
        XCTAssertEqual(history.entries.count, 151)
    }

    func testHistoryIsBoundedByCountWhenTheServersClockCrawls() {
        var history = MetricsHistory()
        for step in 0..<2000 { history.append(metrics(uptime: 10 + Double(step) * 0.01)) }
        XCTAssertEqual(history.entries.count, MetricsHistory.maximumCount)
    }

    func testARebootStartsANewHistory() {
        var history = MetricsHistory()
        history.append(metrics(uptime: 5000))
        history.append(metrics(uptime: 5002))
        history.append(metrics(uptime: 30))
        XCTAssertEqual(history.entries.map(\.uptime), [30])
    }

    func testListsAreCutAtTheirBounds() throws {
        var text = "@@sample 100 4096\n@@uptime\n10.0 1.0\n@@stat\ncpu 1 1 1 1\n"
        for core in 0..<600 { text += "cpu\(core) 1 1 1 1\n" }
        text += "@@netdev\n"
        for index in 0..<100 { text += "eth\(index): 1 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0\n" }
        text += "@@diskstats\n"
        for index in 0..<100 { text += "8 0 sd\(index) 1 1 1 1 1 1 1 1 1 1 1\n" }
        text += "@@end\n"
        guard case .sample(let sample) = try MetricsTestText.events(text).first else { return XCTFail("a sample") }
        XCTAssertEqual(sample.cores.count, MetricsSample.Bounds.cores)
        XCTAssertEqual(sample.interfaces.count, MetricsSample.Bounds.interfaces)
        XCTAssertEqual(sample.disks.count, MetricsSample.Bounds.disks)
    }
}
