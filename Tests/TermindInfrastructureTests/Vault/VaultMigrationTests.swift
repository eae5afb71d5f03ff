import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestDoubles
import XCTest

final class VaultMigrationTests: XCTestCase {
    private var home: VaultTestHome!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-vault-migrations")
    }

    override func tearDown() {
        home = nil
    }

    private func shippedV1() throws -> VaultMigration {
        try XCTUnwrap(VaultMigration.shipped().first { $0.version == 1 })
    }

    /// V2 adds a column, V3 indexes it: V3 fails unless V2 ran first.
    private func laterMigrations() -> [VaultMigration] {
        [
            VaultMigration(version: 2, name: "snippet_shell", sql: "ALTER TABLE snippets ADD COLUMN shell TEXT;"),
            VaultMigration(version: 3, name: "snippet_shell_index", sql: "CREATE INDEX snippets_by_shell ON snippets (shell);"),
        ]
    }

    private func recordedMigrations() throws -> [(Int, String, Double)] {
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readOnly)
        return try connection.query(sql: "SELECT version, name, applied_at FROM schema_migrations ORDER BY version").map {
            (try $0.get("version"), try $0.get("name"), try $0.get("applied_at"))
        }
    }

    func testShippedMigrationsStartAtV1WithTheVaultSchema() throws {
        let shipped = try VaultMigration.shipped()
        XCTAssertEqual(shipped.first?.version, 1)
        XCTAssertEqual(shipped.first?.name, "vault")
        XCTAssertEqual(shipped.map(\.version), shipped.map(\.version).sorted())
    }

    func testMigrationsApplyInVersionOrderAndAreRecordedWithUserVersion() async throws {
        let logger = RecordingLogger()
        // Given out of order on purpose: the migrator sorts by version.
        let migrations = [laterMigrations()[1], try shippedV1(), laterMigrations()[0]]
        let database = VaultDatabase(path: home.databasePath, migrations: migrations, logger: logger)
        let before = Date().timeIntervalSince1970

        let version = try await database.schemaVersion()

        XCTAssertEqual(version, 3)
        let recorded = try recordedMigrations()
        XCTAssertEqual(recorded.map(\.0), [1, 2, 3])
        XCTAssertEqual(recorded.map(\.1), ["vault", "snippet_shell", "snippet_shell_index"])
        for (_, _, appliedAt) in recorded {
            XCTAssertGreaterThanOrEqual(appliedAt, before.rounded(.down))
        }
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readOnly)
        XCTAssertEqual(try connection.userVersion(), 3)
        XCTAssertFalse(try connection.query(sql: "SELECT 1 FROM pragma_table_info('snippets') WHERE name = 'shell'").isEmpty)
        XCTAssertEqual(
            logger.entries.map(\.message.text).filter { $0.contains("applied migration") },
            ["Vault \(home.databasePath): applied migration V1__vault",
             "Vault \(home.databasePath): applied migration V2__snippet_shell",
             "Vault \(home.databasePath): applied migration V3__snippet_shell_index"])
    }

    func testReopeningAnUpToDateVaultAppliesNothingAndLeavesTheFileAsItWas() async throws {
        let first = VaultDatabase(path: home.databasePath)
        _ = try await first.schemaVersion()
        await first.close()
        let recordedBefore = try recordedMigrations()
        let bytesBefore = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))

        let logger = RecordingLogger()
        let second = VaultDatabase(path: home.databasePath, logger: logger)
        let version = try await second.schemaVersion()
        _ = try await SQLiteVaultStore(database: second).snapshot()
        await second.close()

        XCTAssertEqual(version, try VaultMigration.shipped().last?.version)
        XCTAssertTrue(logger.entries.map(\.message.text).isEmpty, "\(logger.entries.map(\.message.text))")
        let recordedAfter = try recordedMigrations()
        XCTAssertEqual(recordedAfter.map(\.0), recordedBefore.map(\.0))
        XCTAssertEqual(recordedAfter.map(\.2), recordedBefore.map(\.2))
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), bytesBefore)
    }

    func testAnOlderVaultGetsOnlyThePendingMigrations() async throws {
        let v1 = VaultDatabase(path: home.databasePath, migrations: [try shippedV1()])
        _ = try await v1.schemaVersion()
        await v1.close()

        let logger = RecordingLogger()
        let later = VaultDatabase(path: home.databasePath, migrations: [try shippedV1()] + laterMigrations(), logger: logger)
        let version = try await later.schemaVersion()

        XCTAssertEqual(version, 3)
        XCTAssertEqual(logger.entries.map(\.message.text).count, 2, "\(logger.entries.map(\.message.text))")
        XCTAssertEqual(try recordedMigrations().map(\.0), [1, 2, 3])
    }

    func testFailingMigrationRollsBackItselfAndKeepsTheOnesBefore() async throws {
        let broken = VaultMigration(
            version: 2, name: "broken",
            sql: "CREATE TABLE half_done (x); INSERT INTO no_such_table VALUES (1);")
        let database = VaultDatabase(path: home.databasePath, migrations: [try shippedV1(), broken])

        do {
            _ = try await database.schemaVersion()
            XCTFail("the broken migration should fail")
        } catch let error as SQLiteError {
            XCTAssertTrue(error.message.contains("no_such_table"), error.message)
        }
        await database.close()

        XCTAssertEqual(try recordedMigrations().map(\.0), [1])
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readOnly)
        XCTAssertEqual(try connection.userVersion(), 1)
        XCTAssertTrue(try connection.query(sql: "SELECT 1 FROM sqlite_master WHERE name = 'half_done'").isEmpty)
    }

    func testVaultWrittenByNewerTermindIsRefusedWithoutWritingAByte() async throws {
        let newer = VaultDatabase(path: home.databasePath, migrations: [try shippedV1()] + laterMigrations())
        _ = try await newer.schemaVersion()
        await newer.close()
        let before = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))

        let older = VaultDatabase(path: home.databasePath, migrations: [try shippedV1()])
        let error = await expectVaultUnavailable { _ = try await older.schemaVersion() }
        let snapshotError = await expectVaultUnavailable { _ = try await SQLiteVaultStore(database: older).snapshot() }
        await older.close()

        XCTAssertEqual(error, VaultUnavailable(location: home.databasePath, cause: .newerSchema(found: 3, supported: 1)))
        XCTAssertEqual(snapshotError?.cause, .newerSchema(found: 3, supported: 1))
        XCTAssertTrue(error?.description.contains(home.databasePath) == true)
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), before)
        XCTAssertFalse(VaultTestHome.exists(home.databasePath + "-wal"))
        XCTAssertFalse(VaultTestHome.exists(home.databasePath + "-shm"))
    }

    func testNewerVaultInRollbackJournalModeIsNotSwitchedToWAL() async throws {
        // A file SQLite would otherwise rewrite (header bytes 18-19) when turning WAL on.
        try FileManager.default.createDirectory(atPath: home.paths.dataDirectory, withIntermediateDirectories: true)
        do {
            let connection = try SQLiteConnection(path: home.databasePath)
            try connection.execute(sql: "PRAGMA journal_mode = DELETE")
            try connection.execute(sql: "CREATE TABLE future (x); INSERT INTO future VALUES (1);")
            try connection.setUserVersion(42)
        }
        let before = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))
        XCTAssertEqual(before[18], 1, "the file should be in rollback-journal mode")

        let database = VaultDatabase(path: home.databasePath)
        let error = await expectVaultUnavailable { _ = try await database.schemaVersion() }
        await database.close()

        XCTAssertEqual(error?.cause, .newerSchema(found: 42, supported: try VaultMigration.shipped().last!.version))
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), before)
        XCTAssertFalse(VaultTestHome.exists(home.databasePath + "-wal"))
    }
}
