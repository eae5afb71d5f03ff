import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The status bar's server metrics (docs/behaviour.md §9): one sampler per Host on its pane's
/// connection, its summary shown for the focused pane's Host.
@MainActor
final class WorkbenchMetricsTests: WorkbenchTestCase {
    private func sample(uptime: Double, busy: Int, total: Int, load: String) -> String {
        "@@sample 100 4096\n@@uptime\n\(uptime) 1.0\n@@stat\ncpu \(busy) 0 0 \(total - busy) 0 0 0 0\n"
            + "@@meminfo\nMemTotal: 1000 kB\nMemAvailable: 750 kB\n@@loadavg\n\(load) 0.50 0.25 1/100 42\n"
            + "@@netdev\n@@diskstats\n@@physical\n@@procs\n@@end\n"
    }

    func testTheStatusBarShowsTheFocusedPanesHostCPUMemoryAndLoad() async throws {
        try await start(hosts: [WorkbenchFixture.host("web", shares: true)])
        services.samplesMetrics.withLock { $0 = true }
        let connection = try await openFromNavigator("web")
        await eventually("the sampler's channel opened", showing: screenReport) { connection.execs.count == 1 }
        let sampler = connection.execs[0]
        await printSamples(sample(uptime: 100, busy: 0, total: 0, load: "0.10"), on: sampler)
        await printSamples(sample(uptime: 102, busy: 100, total: 200, load: "1.50"), on: sampler)
        await waitForScreen(containing: "cpu 50% mem 25% load 1.50")

        // A CPU rising on the server rises on the bar.
        await printSamples(sample(uptime: 104, busy: 290, total: 400, load: "1.75"), on: sampler)
        await waitForScreen(containing: "cpu 95% mem 25% load 1.75")

        // Another pane on the same Host shares the one sampler.
        prefixed(.character("%"))
        await eventually("the split's shell opened", showing: screenReport) { connection.shells.count == 2 }
        XCTAssertEqual(connection.execs.count, 1, "one sampler per Host")
        XCTAssertTrue(screenText.contains("cpu 95%"), screenReport)
    }

    func testAtTheServersSessionLimitAPaneTakesTheSamplersChannel() async throws {
        try await start(hosts: [WorkbenchFixture.host("web", shares: true)])
        services.samplesMetrics.withLock { $0 = true }
        let connection = try await openFromNavigator("web")
        await eventually("the sampler's channel opened", showing: screenReport) { connection.execs.count == 1 }
        // Two channels at once: the shell and the sampler fill it.
        connection.channelLimit.withLock { $0 = 2 }
        prefixed(.character("%"))
        await eventually("the split's shell opened on the shared connection", showing: screenReport) { connection.shells.count == 2 }
        XCTAssertTrue(connection.execs[0].isClosed, "the sampler gave its channel back")
        XCTAssertEqual(services.attempts.count, 1, "no second login for the pane")
        await eventually("the sampler stopped", showing: screenReport) { workbench.metrics.samplers.isEmpty }
    }

    func testAServerWithoutProcShowsNoMetricsAndTheTerminalGoesOn() async throws {
        try await start(hosts: [WorkbenchFixture.host("web")])
        services.samplesMetrics.withLock { $0 = true }
        let connection = try await openFromNavigator("web")
        await eventually("the sampler's channel opened", showing: screenReport) { connection.execs.count == 1 }
        await printSamples("@@unavailable\n", on: connection.execs[0])
        await eventually("the sampler stopped", showing: screenReport) { workbench.metrics.samplers.isEmpty }
        XCTAssertFalse(screenText.contains("cpu "), screenReport)
        connection.shell.print("still-here")
        await waitForScreen(containing: "still-here")
    }

    func testNoSamplerRunsWhenMetricsAreOff() async throws {
        try await start(hosts: [WorkbenchFixture.host("web")])
        let connection = try await openFromNavigator("web")
        connection.shell.print("ready")
        await waitForScreen(containing: "ready")
        XCTAssertEqual(connection.execs.count, 0)
    }
}
