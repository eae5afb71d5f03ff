import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The live Vault: Hosts added or removed by another process show in a running workbench within
/// the poll interval; a removed Host's panes end their sessions and say why; without a counter
/// to read (nothing else writes) nothing is polled.
@MainActor
final class WorkbenchLiveVaultTests: WorkbenchTestCase {
    func testAHostRemovedElsewhereEndsItsPanesSessionAndANewOneShows() async throws {
        try await start()
        services.vaultCounter.withLock { $0 = 0 }
        workbench.watchVault()  // the counter exists now
        let connection = try await openFromNavigator("web")
        await services.changeHostsElsewhere([WorkbenchFixture.host("db-primary", hostname: "10.0.0.2"), WorkbenchFixture.host("cache", hostname: "10.0.0.3")])
        await eventually("the pane's session ended", timeout: .seconds(5), showing: screenReport) {
            (self.workbench.focusedPane as? TerminalPane)?.status == .ended("its Host was removed from the Vault")
        }
        await eventually("the connection closed", showing: screenReport) { connection.isClosed || connection.shell.isClosed }
        await waitForScreen(containing: "cache 10.0.0.3")
        XCTAssertFalse(screenText.contains("web 10.0.0.1"), screenText)
        XCTAssertTrue(screenText.contains("its Host was removed from the Vault"), screenText)
    }

    func testWithWritesWatchedTheVaultIsReadOnlyAfterAWriteNeverByPolling() async throws {
        try await start()
        services.vaultCounter.withLock { $0 = 0 }
        services.watchesWrites.withLock { $0 = true }
        workbench.watchVault()
        try await Task.sleep(for: .milliseconds(200))  // the watch has read the counter as it was
        // The counter moves, but no write was signalled: nothing polls it.
        await services.changeHostsElsewhere([WorkbenchFixture.host("web"), WorkbenchFixture.host("cache", hostname: "10.0.0.3")])
        try await Task.sleep(for: .milliseconds(1_300))
        XCTAssertEqual(workbench.hosts.map(\.label.rawValue), ["web", "db-primary"])
        services.signalWrite()
        await eventually("the write was read", showing: screenReport) { workbench.hosts.map(\.label.rawValue) == ["web", "cache"] }
    }

    func testWithoutACounterNothingIsPolled() async throws {
        try await start()
        await services.changeHostsElsewhere([WorkbenchFixture.host("other")])  // the counter was nil: stays unread
        try await Task.sleep(for: .milliseconds(1_300))
        XCTAssertEqual(workbench.hosts.map(\.label.rawValue), ["web", "db-primary"])
    }
}
