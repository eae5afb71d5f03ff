import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The failures that must lose nothing: each names the file, and the file's bytes are the
/// same afterwards. And two connections writing at once.
final class VaultDatabaseTests: XCTestCase {
    private var home: VaultTestHome!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-vault-database")
    }

    override func tearDown() {
        home = nil
    }

    private func makeVault(hosts: Int = 1) async throws {
        let database = VaultDatabase(path: home.databasePath)
        let store = SQLiteVaultStore(database: database)
        for index in 0..<hosts {
            try await store.apply([.save(.host(try Host(label: try Label("host-\(index)"), hostname: "10.0.0.\(index)")))])
        }
        await database.close()
    }

    func testOpeningCreatesAPrivateDirectoryAndFileInWALMode() async throws {
        let database = VaultDatabase(path: home.databasePath)
        _ = try await database.schemaVersion()

        XCTAssertEqual(VaultTestHome.mode(home.paths.dataDirectory), 0o700)
        XCTAssertEqual(VaultTestHome.mode(home.databasePath), 0o600)
        XCTAssertTrue(VaultTestHome.exists(home.databasePath + "-wal"))
        XCTAssertEqual(VaultTestHome.mode(home.databasePath + "-wal"), 0o600)
        let header = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))
        XCTAssertEqual(header[18], 2, "write version 2 means WAL")
        await database.close()
    }

    func testFileThatIsNotADatabaseIsRefusedAsCorruptAndLeftByteForByte() async throws {
        var garbage = Array("these are my notes, not a database\n".utf8)
        garbage += (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
        try FileManager.default.createDirectory(atPath: home.paths.dataDirectory, withIntermediateDirectories: true)
        try Data(garbage).write(to: URL(fileURLWithPath: home.databasePath))

        let database = VaultDatabase(path: home.databasePath)
        let error = await expectVaultUnavailable { _ = try await SQLiteVaultStore(database: database).snapshot() }
        await database.close()

        guard case .corrupt = error?.cause else { return XCTFail("expected .corrupt, got \(String(describing: error))") }
        XCTAssertEqual(error?.location, home.databasePath)
        XCTAssertTrue(error?.description.contains(home.databasePath) == true)
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), garbage)
        XCTAssertFalse(VaultTestHome.exists(home.databasePath + "-wal"))
    }

    func testShortFileThatIsNotADatabaseIsNotMistakenForAnEmptyOne() async throws {
        // SQLite alone would take a file shorter than a page as empty and write a header over it.
        let text = Array("hello\n".utf8)
        try FileManager.default.createDirectory(atPath: home.paths.dataDirectory, withIntermediateDirectories: true)
        try Data(text).write(to: URL(fileURLWithPath: home.databasePath))

        let database = VaultDatabase(path: home.databasePath)
        let error = await expectVaultUnavailable { _ = try await database.schemaVersion() }
        await database.close()

        guard case .corrupt = error?.cause else { return XCTFail("expected .corrupt, got \(String(describing: error))") }
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), text)
    }

    func testDamagedPagesAreRefusedAsCorruptAndLeftByteForByte() async throws {
        try await makeVault(hosts: 3)
        var bytes = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        XCTAssertGreaterThan(bytes.count, pageSize * 2)
        // Scribble over every page but the first (the schema), so reading any table fails.
        for index in pageSize..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 7 &+ 0x5A) }
        try Data(bytes).write(to: URL(fileURLWithPath: home.databasePath))

        let database = VaultDatabase(path: home.databasePath)
        let error = await expectVaultUnavailable { _ = try await SQLiteVaultStore(database: database).snapshot() }
        await database.close()

        guard case .corrupt = error?.cause else { return XCTFail("expected .corrupt, got \(String(describing: error))") }
        XCTAssertEqual(error?.location, home.databasePath)
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), bytes)
    }

    func testLockHeldLongerThanTheBusyTimeoutIsLockedAndLosesNothing() async throws {
        try await makeVault()
        let before = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))
        let locker = try SQLiteConnection(path: home.databasePath)
        try locker.execute(sql: "BEGIN EXCLUSIVE")
        try locker.execute(sql: "DELETE FROM hosts")

        let database = VaultDatabase(path: home.databasePath, busyTimeout: .milliseconds(300))
        let store = SQLiteVaultStore(database: database)
        let started = ContinuousClock.now
        let error = await expectVaultUnavailable {
            try await store.apply([.save(.host(try Host(label: try Label("late"), hostname: "10.9.9.9")))])
        }
        let waited = ContinuousClock.now - started

        XCTAssertEqual(error, VaultUnavailable(location: home.databasePath, cause: .locked(seconds: 0.3)))
        XCTAssertTrue(error?.description.contains("locked by another process for 0.3 s") == true, error?.description ?? "")
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(250))
        XCTAssertEqual(VaultTestHome.bytes(home.databasePath), before)
        // Readers still see the last committed state while the writer waits.
        let hosts = try await store.snapshot().hosts.map(\.label.rawValue)
        XCTAssertEqual(hosts, ["host-0"])

        try locker.execute(sql: "ROLLBACK")
        try await store.apply([.save(.host(try Host(label: try Label("late"), hostname: "10.9.9.9")))])
        let after = try await store.snapshot().hosts.map(\.label.rawValue)
        XCTAssertEqual(after, ["host-0", "late"])
        await database.close()
    }

    func testLockHeldWhileANewVaultNeedsItsSchemaIsLocked() async throws {
        try FileManager.default.createDirectory(atPath: home.paths.dataDirectory, withIntermediateDirectories: true)
        let locker = try SQLiteConnection(path: home.databasePath)
        try locker.execute(sql: "BEGIN EXCLUSIVE")
        try locker.execute(sql: "CREATE TABLE someone_elses (x)")

        let database = VaultDatabase(path: home.databasePath, busyTimeout: .milliseconds(300))
        let error = await expectVaultUnavailable { _ = try await database.schemaVersion() }

        XCTAssertEqual(error?.cause, .locked(seconds: 0.3))
        try locker.execute(sql: "ROLLBACK")
        // Not remembered as failed: the next call opens and migrates.
        let version = try await database.schemaVersion()
        XCTAssertEqual(version, try VaultMigration.shipped().last?.version)
        await database.close()
    }

    func testDirectoryWithoutWritePermissionIsNoPermissionAndCreatesNothing() async throws {
        let shared = try VaultTestHome(prefix: "termind-vault-noperm", mode: 0o755)
        try FileManager.default.createDirectory(
            atPath: shared.paths.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let database = VaultDatabase(path: shared.databasePath)

        let error = try await asTestAccount {
            await expectVaultUnavailable { _ = try await database.schemaVersion() }
        }

        guard case .noPermission(let detail) = error?.cause else {
            return XCTFail("expected .noPermission, got \(String(describing: error))")
        }
        XCTAssertEqual(error?.location, shared.databasePath)
        XCTAssertTrue(detail.contains("Permission denied"), detail)
        XCTAssertTrue(error?.description.contains(shared.databasePath) == true)
        XCTAssertFalse(VaultTestHome.exists(shared.databasePath))
    }

    func testReadOnlyVaultFileIsNoPermissionAndLeftByteForByte() async throws {
        let shared = try VaultTestHome(prefix: "termind-vault-readonly", mode: 0o755)
        var directory = shared.directory.path
        for component in [".local", "share", "termind"] {
            directory += "/" + component
            XCTAssertEqual(mkdir(directory, 0o755), 0)
            chmod(directory, 0o755)
        }
        let first = VaultDatabase(path: shared.databasePath)
        try await SQLiteVaultStore(database: first).apply([.save(.host(try Host(label: try Label("web"), hostname: "web")))])
        await first.close()
        // The directory is the test account's to write; the file stays root's, readable by all.
        chmod(shared.paths.dataDirectory, 0o777)
        chmod(shared.databasePath, 0o644)
        let before = try XCTUnwrap(VaultTestHome.bytes(shared.databasePath))
        let database = VaultDatabase(path: shared.databasePath)

        let error = try await asTestAccount {
            await expectVaultUnavailable {
                try await SQLiteVaultStore(database: database).apply([.save(.host(try Host(label: try Label("db"), hostname: "db")))])
            }
        }
        await database.close()

        guard case .noPermission = error?.cause else { return XCTFail("expected .noPermission, got \(String(describing: error))") }
        XCTAssertEqual(error?.location, shared.databasePath)
        XCTAssertEqual(VaultTestHome.bytes(shared.databasePath), before)
    }

    func testTwoConnectionsAddingTwoHundredHostsEachEndWithFourHundred() async throws {
        // Two VaultDatabase instances are two connections, as two processes would hold.
        let first = VaultDatabase(path: home.databasePath)
        let second = VaultDatabase(path: home.databasePath)

        async let firstAdded: Void = Self.addHosts(SQLiteVaultStore(database: first), prefix: "a")
        async let secondAdded: Void = Self.addHosts(SQLiteVaultStore(database: second), prefix: "b")
        try await firstAdded
        try await secondAdded

        let fromFirst = try await SQLiteVaultStore(database: first).snapshot().hosts
        let fromSecond = try await SQLiteVaultStore(database: second).snapshot().hosts
        XCTAssertEqual(fromFirst.count, 400)
        XCTAssertEqual(Set(fromFirst.map(\.label.rawValue)).count, 400)
        XCTAssertEqual(fromSecond, fromFirst)
        await first.close()
        await second.close()
    }

    /// `termind demo` (and any process with two connections to one Vault) opened the file a
    /// second time; the header check's plain open/close dropped the first connection's SQLite
    /// lock, so another process closing its own connection deleted the WAL the first was still
    /// writing to, and every later write was lost.
    func testASecondConnectionInTheProcessKeepsTheFirstsWritesWhenAnotherProcessOpensAndCloses() async throws {
        let first = VaultDatabase(path: home.databasePath)
        let store = SQLiteVaultStore(database: first)
        try await store.apply([.save(.host(try Host(label: try Label("before"), hostname: "10.0.0.1")))])
        let second = VaultDatabase(path: home.databasePath)
        _ = try await second.schemaVersion()

        let other = try ChildProcess.run("python3", ["-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1]); c.execute("SELECT count(*) FROM hosts").fetchall(); c.close()
            """, home.databasePath])
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertTrue(VaultTestHome.exists(home.databasePath + "-wal"), "another process took itself for the last one and removed the WAL")

        try await store.apply([.save(.host(try Host(label: try Label("after"), hostname: "10.0.0.2")))])
        let seen = try ChildProcess.run("python3", ["-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1]); print(sorted(r[0] for r in c.execute("SELECT label FROM hosts"))); c.close()
            """, home.databasePath])
        XCTAssertEqual(seen.stdout, "['after', 'before']\n", "another process sees what the first connection wrote while it is open")
        await first.close()
        await second.close()
        let fresh = VaultDatabase(path: home.databasePath)
        let labels = try await SQLiteVaultStore(database: fresh).snapshot().hosts.map(\.label.rawValue)
        XCTAssertEqual(Set(labels), ["before", "after"])
        await fresh.close()
    }

    private static func addHosts(_ store: SQLiteVaultStore, prefix: String) async throws {
        for index in 0..<200 {
            let host = try Host(label: try Label("\(prefix)-\(index)"), hostname: "10.\(prefix == "a" ? 1 : 2).0.\(index)")
            try await store.apply([.save(.host(host))])
        }
    }

    /// Runs `body` with the effective user and group of the `termind-test` account (root
    /// bypasses file permissions), then back to root.
    private func asTestAccount<T>(_ body: () async throws -> T) async throws -> T {
        guard geteuid() == 0 else { throw TestRigError("only root can act as \(TestAccount.username); run the tests as root (CI does)") }
        try TestAccount.ensureExists()
        guard let entry = getpwnam(TestAccount.username) else { throw TestRigError("no \(TestAccount.username) account") }
        let (uid, gid) = (entry.pointee.pw_uid, entry.pointee.pw_gid)
        // glibc applies set*id to every thread of the process, the actor's executor included.
        XCTAssertEqual(setegid(gid), 0)
        XCTAssertEqual(seteuid(uid), 0)
        defer {
            seteuid(0)
            setegid(0)
        }
        return try await body()
    }
}
