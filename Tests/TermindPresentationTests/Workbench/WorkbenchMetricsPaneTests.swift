import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The metrics pane (`C-\ M`, docs/behaviour.md §9): a view of its Host's one sampler, which
/// reads the file systems while the pane is open, with sparklines, file systems and processes.
@MainActor
final class WorkbenchMetricsPaneTests: WorkbenchTestCase {
    /// A sample of `uptime` with `busy` of `total` CPU ticks, one file system and two processes.
    private func sample(uptime: Double, busy: Int, total: Int, processName: String = "yes") -> String {
        "@@sample 100 4096\n@@uptime\n\(uptime) 1.0\n@@stat\ncpu \(busy) 0 0 \(total - busy) 0 0 0 0\n"
            + "cpu0 \(busy) 0 0 \(total - busy) 0 0 0 0\n"
            + "@@meminfo\nMemTotal: 1000 kB\nMemAvailable: 750 kB\n@@loadavg\n0.75 0.50 0.25 1/100 42\n"
            + "@@netdev\n@@diskstats\n@@physical\n@@df\n/dev/vda 1000000 540000 460000 54% /srv\n"
            + "@@procs\n4242 1000 \(busy) 2560 \(processName)\n17 20 0 100 sshd\n@@end\n"
    }

    /// Opens `web` with metrics on, its status-bar sampler running, then the metrics pane.
    private func openMetricsPane(size: CellSize = CellSize(columns: 120, rows: 40)) async throws -> (ScriptedConnection, ScriptedShell) {
        try await start(hosts: [WorkbenchFixture.host("web", shares: true)], size: size)
        services.samplesMetrics.withLock { $0 = true }
        let connection = try await openFromNavigator("web")
        await eventually("the status bar's sampler opened", showing: screenReport) { connection.execs.count == 1 }
        prefixed(.character("M"))
        await eventually("the sampler started again, reading file systems", showing: screenReport) { connection.execs.count == 2 }
        XCTAssertEqual(services.samplerFilesystems.withLock { $0 }, [false, true])
        XCTAssertTrue(connection.execs[0].isClosed, "one sampler per Host: the first gave way")
        return (connection, connection.execs[1])
    }

    func testTheMetricsPaneShowsSparklinesFileSystemsAndProcessesOfItsHost() async throws {
        let (_, sampler) = try await openMetricsPane()
        await waitForScreen(containing: "web · metrics")
        await printSamples(sample(uptime: 100, busy: 0, total: 0), on: sampler)
        await printSamples(sample(uptime: 102, busy: 100, total: 200), on: sampler)
        await waitForScreen(containing: "Processes by CPU")
        let text = screenText
        XCTAssertTrue(text.contains("CPU     50.0%"), screenReport)
        XCTAssertTrue(text.contains("Memory  25.0%"), screenReport)
        XCTAssertTrue(text.contains("/srv"), screenReport)
        XCTAssertTrue(text.contains("54.0%"), screenReport)
        XCTAssertTrue(text.contains("4242"), screenReport)
        XCTAssertTrue(text.contains("every 2 s"), screenReport)

        // m orders by memory, c by CPU again.
        press(.character("m"))
        await waitForScreen(containing: "Processes by memory")
        press(.character("c"))
        await waitForScreen(containing: "Processes by CPU")
    }

    func testAt80By24TheTitleStaysAndTheFiguresBesideItGiveWay() async throws {
        let (_, sampler) = try await openMetricsPane(size: CellSize(columns: 80, rows: 24))
        await printSamples(sample(uptime: 100, busy: 0, total: 0), on: sampler)
        await printSamples(sample(uptime: 102, busy: 100, total: 200), on: sampler)
        await waitForScreen(containing: "CPU")
        XCTAssertTrue(screen[1].contains(" 2 web · metrics"), "the pane's title is not blank: \(screenReport)")
        await waitForScreen(containing: "Processes")
        XCTAssertTrue(screen.contains { $0.hasSuffix("  CPU     MEMORY     NAME") }, "the PID column gave way, the names show: \(screenReport)")
    }

    func testTheCPUSparklineRisesWithABusyServer() async throws {
        let (_, sampler) = try await openMetricsPane()
        await printSamples(sample(uptime: 100, busy: 0, total: 0), on: sampler)
        var busy = 0, total = 0
        for step in 1...6 {
            // Each interval busier than the last, up to every tick.
            total += 200
            busy += min(200, step * 40)
            await printSamples(sample(uptime: 100 + Double(step) * 2, busy: busy, total: total), on: sampler)
        }
        // Steps 5 and 6 both read 100%: wait for the sixth point, not the figure.
        func spark() -> [Character] {
            (screen.first { $0.contains("CPU     100.0%") } ?? "").filter { Sparkline.levels.contains($0) }
        }
        await eventually("six points on the CPU line", showing: screenReport) { spark().count == 6 }
        let spark = spark()
        XCTAssertEqual(spark.count, 6, screenReport)
        XCTAssertEqual(spark.last, "█", screenReport)
        XCTAssertEqual(Array(spark), Array(spark).sorted { Sparkline.levels.firstIndex(of: $0)! < Sparkline.levels.firstIndex(of: $1)! },
                       "the line rises: \(spark)")
    }

    func testAProcessNameWithEscapesIsShownEscapedNotObeyed() async throws {
        let (_, sampler) = try await openMetricsPane()
        await printSamples(sample(uptime: 100, busy: 0, total: 0), on: sampler)
        await printSamples(sample(uptime: 102, busy: 100, total: 200, processName: "evil\u{1B}]0;pwned\u{07}"), on: sampler)
        await waitForScreen(containing: "Processes by CPU")
        XCTAssertFalse(screenText.contains("\u{1B}"), screenReport)
        XCTAssertFalse(screenText.contains("\u{07}"), screenReport)
    }

    func testClosingTheLastMetricsPaneStopsReadingFileSystems() async throws {
        let (connection, sampler) = try await openMetricsPane()
        prefixed(.character("x"))
        await eventually("the sampler started again without file systems", showing: screenReport) { connection.execs.count == 3 }
        XCTAssertEqual(services.samplerFilesystems.withLock { $0 }, [false, true, false])
        XCTAssertTrue(sampler.isClosed)
    }

    func testTheFiguresGoOnWhenTheHostsTerminalCloses() async throws {
        let (connection, sampler) = try await openMetricsPane()
        await printSamples(sample(uptime: 100, busy: 0, total: 0), on: sampler)
        await printSamples(sample(uptime: 102, busy: 100, total: 200), on: sampler)
        await waitForScreen(containing: "CPU     50.0%")
        // The terminal is pane 1; the metrics pane holds the shared connection.
        prefixed(.character("o"))
        connection.shell.exit(0)
        await waitForScreen(containing: "[ended]")
        prefixed(.character("x"))
        await eventually("the terminal pane closed", showing: screenReport) { workbench.workspace.panes.count == 1 }
        XCTAssertFalse(connection.isClosed, "the metrics pane still holds the connection")
        await printSamples(sample(uptime: 104, busy: 290, total: 400), on: sampler)
        await waitForScreen(containing: "CPU     95.0%")
    }

    func testAServerWithoutProcSaysSoInThePane() async throws {
        let (_, sampler) = try await openMetricsPane()
        await printSamples("@@unavailable\n", on: sampler)
        await waitForScreen(containing: "metrics unavailable on this server")
        XCTAssertTrue(screenText.contains("Enter: try again"), screenReport)
    }

    func testASampleThatDoesNotParseShowsAsFailedWithItsReasonNotAsZeros() async throws {
        let (_, sampler) = try await openMetricsPane()
        await printSamples(sample(uptime: 100, busy: 0, total: 0), on: sampler)
        await printSamples(sample(uptime: 102, busy: 100, total: 200), on: sampler)
        await waitForScreen(containing: "CPU     50.0%")
        // A sample without its processes' section: the pane says why the figures stopped.
        await printSamples(sample(uptime: 104, busy: 0, total: 200).replacingOccurrences(of: "@@procs\n", with: ""), on: sampler)
        await waitForScreen(containing: "stopped: web: the server's metrics sample")
        XCTAssertEqual(workbench.metrics.hosts["web"]?.problem, "web: the server's metrics sample has no procs section")
        XCTAssertTrue(screenText.contains("[stopped]"), screenReport)
        XCTAssertEqual(workbench.metrics.hosts["web"]?.history.latest?.cpuPercent, 50, "the failed sample is no figure")
    }

    func testTheSamplerRunsAtTheHostsOwnInterval() async throws {
        var web = WorkbenchFixture.host("web", shares: true)
        try web.setMetricsInterval(15)
        try await start(hosts: [web])
        services.samplesMetrics.withLock { $0 = true }
        let connection = try await openFromNavigator("web")
        await eventually("the sampler opened", showing: screenReport) { connection.execs.count == 1 }
        prefixed(.character("M"))
        await waitForScreen(containing: "every 15 s")
        XCTAssertEqual(workbench.metrics.hosts["web"]?.interval, 15)
    }

    func testWithoutAHostThereIsNoMetricsPaneAndTheBarSaysWhy() async throws {
        try await start(hosts: [WorkbenchFixture.host("web")])
        press(.escape)
        prefixed(.character("M"))
        XCTAssertTrue(screenText.contains("metrics are a Host's"), screenReport)
        XCTAssertEqual(workbench.workspace.panes.count, 1)
    }
}
