import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The live Vault's watch (inotify on the Vault's directory): nothing while nobody writes, an
/// element once another connection commits, after which that connection's `data_version` has
/// moved for this one.
final class VaultWriteWatchTests: XCTestCase {
    func testAnIdleVaultGivesNothingAndAnotherProcesssCommitGivesOneWrite() async throws {
        let home = try VaultTestHome()
        let reader = home.services()
        let before = try await reader.database.changeCounter()  // creates and migrates the file
        let watch = try XCTUnwrap(VaultWriteWatch(databasePath: home.databasePath))
        defer { watch.stop() }
        let seen = Mutex(0)
        let reading = Task { for await _ in watch.writes { seen.withLock { $0 += 1 } } }
        defer { reading.cancel() }

        let quiet = await holdsThroughout(.milliseconds(1_500)) { seen.withLock { $0 } == 0 }
        XCTAssertTrue(quiet, "nobody wrote")

        // Another connection (another termind) adds a Host.
        let writer = home.services()
        try await writer.store.apply([.save(.host(try Host(label: Label("web"), hostname: "10.0.0.5")))])
        let woke = waitUntil(timeout: 5) { seen.withLock { $0 } > 0 }
        XCTAssertTrue(woke, "the commit was seen")
        let after = try await reader.database.changeCounter()
        XCTAssertNotEqual(after, before)
    }

    func testADirectoryThatCannotBeWatchedGivesNoWatch() {
        XCTAssertNil(VaultWriteWatch(databasePath: "/nonexistent-\(UUID().uuidString)/termind.db"))
    }
}
