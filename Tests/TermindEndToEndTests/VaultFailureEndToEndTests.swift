import Foundation
import TermindTestSupport
import XCTest

/// A store that cannot be used exits 9, names the file and the cause, and keeps every byte.
final class VaultFailureEndToEndTests: XCTestCase {
    private func assertUnavailable(
        _ result: ChildProcess.Output, mentions words: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 9, result.stderr, file: file, line: line)
        for word in words { XCTAssertTrue(result.stderr.contains(word), "\(word) missing from: \(result.stderr)", file: file, line: line) }
    }

    func testCorruptDatabaseExitsNineAndIsLeftByteForByte() throws {
        let home = try VaultHome()
        try FileManager.default.createDirectory(atPath: home.path + "/.local/share/termind", withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: home.databasePath))
        assertUnavailable(try home.run(["hosts", "list"]), mentions: [home.databasePath, "damaged"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home.databasePath)), garbage)
    }

    func testStatusOfADatabaseDamagedWhereOnlyOtherCommandsReadExitsNineToo() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        // Garbage over the Hosts table's root page only: what status reads stays intact.
        let damaged = try ChildProcess.run("python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            page_size = db.execute("PRAGMA page_size").fetchone()[0]
            root = db.execute("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'hosts'").fetchone()[0]
            db.close()
            with open(sys.argv[1], "r+b") as f:
                f.seek((root - 1) * page_size)
                f.write(bytes((i * 37 + 11) % 256 for i in range(page_size)))
            """, home.databasePath])
        XCTAssertEqual(damaged.status, 0, damaged.stderr)
        let before = try Data(contentsOf: URL(fileURLWithPath: home.databasePath))
        assertUnavailable(try home.run(["hosts", "list"]), mentions: [home.databasePath, "damaged"])
        assertUnavailable(try home.run(["vault", "status"]), mentions: [home.databasePath, "damaged"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home.databasePath)), before)
    }

    func testDatabaseFromANewerTermindExitsNineAndIsLeftByteForByte() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        try ChildProcess.run("python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', '2030-01-01T00:00:00Z')")
            db.execute("PRAGMA user_version = 99")
            db.commit()
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.close()
            """, home.databasePath])
        let before = try Data(contentsOf: URL(fileURLWithPath: home.databasePath))
        assertUnavailable(try home.run(["hosts", "list"]), mentions: [home.databasePath, "newer Termind", "99"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home.databasePath)), before)
    }

    func testLockHeldTooLongExitsNineAndLosesNothing() throws {
        let home = try VaultHome()
        try home.succeed(["hosts", "add", "web", "--hostname", "h"])
        let holder = try ChildProcess("python3", ["-u", "-c", """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(30)  # held until the test stops it; 30 s bounds an orphan
            """, home.databasePath])
        defer { holder.stop() }
        _ = try holder.waitForLine { $0 == "locked" }
        let started = Date()
        let result = try home.run(["hosts", "add", "db", "--hostname", "h2"])
        assertUnavailable(result, mentions: [home.databasePath, "locked"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        holder.stop()
        let hosts = try XCTUnwrap(try home.json(["hosts", "list"]) as? [[String: Any]])
        XCTAssertEqual(hosts.map { $0["label"] as? String }, ["web"])
    }

    func testDirectoryWithoutWritePermissionExitsNineNamingTheFile() throws {
        try TestAccount.ensureExists()
        let home = try VaultHome()
        let locked = home.path + "/readonly"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(home.path, 0o755)
        chmod(locked, 0o755)  // owned by root: the test account may read, not write
        // A copy the test account can reach wherever the checkout lives, with its schema bundle.
        let binary = try TermindBinary.copy(into: home.directory)
        // The log goes where the test account may write; removed afterwards.
        let stateDirectory = "/tmp/termind-test-state-\(UUID())"
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        let result = try ChildProcess.run("runuser", [
            "-u", TestAccount.username, "--", "env", "HOME=\(home.path)", "XDG_STATE_HOME=\(stateDirectory)",
            binary, "--data-dir", locked, "hosts", "list",
        ])
        assertUnavailable(result, mentions: [locked + "/termind.db"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: locked + "/termind.db"))
    }

    func testKeyFileReadableByOthersIsRefusedWithItsPath() throws {
        let home = try VaultHome()
        try home.succeed(["identities", "add", "ops", "--user", "ops", "--password-stdin"], stdin: "pw")
        chmod(home.keyFilePath, 0o644)
        let result = try home.run(["identities", "add", "dev", "--user", "dev", "--password-stdin"], stdin: "pw2")
        assertUnavailable(result, mentions: [home.keyFilePath, "chmod 600"])
    }
}
