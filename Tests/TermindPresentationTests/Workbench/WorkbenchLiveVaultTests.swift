import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The live Vault: Hosts added or removed by another process show in a running workbench within
/// the poll interval; a removed Host's panes end their sessions and say why; without a counter
/// to read (nothing else writes) nothing is polled. The poll runs on the services' test clock.
@MainActor
final class WorkbenchLiveVaultTests: WorkbenchTestCase {
    func testAHostRemovedElsewhereEndsItsPanesSessionAndANewOneShows() async throws {
        try await start()
        await workbench.vault.watch?.value  // the start's watch found no counter and ended
        services.vaultCounter.withLock { $0 = 0 }
        workbench.watchVault()  // the counter exists now
        let clock = services.testClock
        // It has read the counter as it was, and waits for the next poll.
        await eventually("the watch waits for its poll") { clock.sleeperCount == 1 }
        let connection = try await openFromNavigator("web")
        await services.changeHostsElsewhere([WorkbenchFixture.host("db-primary", hostname: "10.0.0.2"), WorkbenchFixture.host("cache", hostname: "10.0.0.3")])
        XCTAssertEqual(workbench.hosts.map(\.label.rawValue), ["web", "db-primary"], "read only when the poll comes")
        clock.advance(by: Workbench.vaultPollInterval)
        await eventually("the pane's session ended", showing: screenReport) {
            (self.workbench.focusedPane as? TerminalPane)?.status == .ended("its Host was removed from the Vault")
        }
        await eventually("the connection closed", showing: screenReport) { connection.isClosed || connection.shell.isClosed }
        await waitForScreen(containing: "cache 10.0.0.3")
        XCTAssertFalse(screenText.contains("web 10.0.0.1"), screenText)
        XCTAssertTrue(screenText.contains("its Host was removed from the Vault"), screenText)
    }

    func testWithWritesWatchedTheVaultIsReadOnlyAfterAWriteNeverByPolling() async throws {
        try await start()
        await workbench.vault.watch?.value  // the start's watch found no counter and ended
        services.vaultCounter.withLock { $0 = 0 }
        services.vaultCounterReads.withLock { $0 = 0 }
        services.watchesWrites.withLock { $0 = true }
        workbench.watchVault()
        await eventually("the watch has read the counter as it was") { self.services.vaultCounterReads.withLock { $0 } == 1 }
        // The counter moves and poll intervals pass, but no write was signalled: nothing polls it.
        await services.changeHostsElsewhere([WorkbenchFixture.host("web"), WorkbenchFixture.host("cache", hostname: "10.0.0.3")])
        XCTAssertEqual(services.testClock.sleeperCount, 0, "nothing waits for a poll")
        services.testClock.advance(by: Workbench.vaultPollInterval * 3)
        XCTAssertEqual(services.vaultCounterReads.withLock { $0 }, 1)
        XCTAssertEqual(workbench.hosts.map(\.label.rawValue), ["web", "db-primary"])
        services.signalWrite()
        await eventually("the write was read", showing: screenReport) { workbench.hosts.map(\.label.rawValue) == ["web", "cache"] }
        XCTAssertEqual(services.vaultCounterReads.withLock { $0 }, 2, "once per write")
    }

    func testWithoutACounterNothingIsPolled() async throws {
        try await start()
        // The counter is nil: the watch ends after its one read, and nothing waits for a poll.
        await workbench.vault.watch?.value
        XCTAssertEqual(services.testClock.sleeperCount, 0)
        await services.changeHostsElsewhere([WorkbenchFixture.host("other")])
        services.testClock.advance(by: Workbench.vaultPollInterval * 3)
        XCTAssertEqual(workbench.hosts.map(\.label.rawValue), ["web", "db-primary"])
    }
}
