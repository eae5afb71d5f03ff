import Foundation
import TermindInfrastructure
import TermindTestSupport
import XCTest

final class SQLiteConnectionTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var databasePath: String { directory.appending("termind.db").path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-sqlite")
    }

    override func tearDown() {
        directory = nil
    }

    private func openWithSchema() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: databasePath)
        try connection.execute(sql: """
            CREATE TABLE hosts (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE);
            CREATE TABLE sessions (
                id INTEGER PRIMARY KEY,
                host_id INTEGER NOT NULL REFERENCES hosts(id) ON DELETE CASCADE
            );
            """)
        return connection
    }

    private func expectSQLiteError(
        _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line
    ) -> SQLiteError? {
        do {
            try body()
            XCTFail("expected an SQLiteError", file: file, line: line)
        } catch let error as SQLiteError {
            return error
        } catch {
            XCTFail("expected an SQLiteError, got \(error)", file: file, line: line)
        }
        return nil
    }

    // MARK: Opening

    func testOpeningCreatesFileInWALModeWithForeignKeysOn() throws {
        let connection = try SQLiteConnection(path: databasePath)
        try connection.execute(sql: "CREATE TABLE t (x)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath))
        XCTAssertEqual(try connection.pragma("journal_mode"), "wal")
        XCTAssertEqual(try connection.pragma("foreign_keys"), "1")
        XCTAssertEqual(try connection.pragma("busy_timeout"), "5000")
        XCTAssertTrue(FileManager.default.fileExists(atPath: databasePath + "-wal"))
    }

    func testBusyTimeoutIsConfigurable() throws {
        let connection = try SQLiteConnection(path: databasePath, busyTimeout: .milliseconds(250))
        XCTAssertEqual(try connection.pragma("busy_timeout"), "250")
    }

    func testFileThatIsNotADatabaseFailsAsCorruptAndIsLeftByteForByte() throws {
        var garbage = Array("this is not an SQLite database, it is a shopping list\n".utf8)
        garbage += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(garbage).write(to: URL(fileURLWithPath: databasePath))

        let error = expectSQLiteError { _ = try SQLiteConnection(path: databasePath) }
        XCTAssertEqual(error?.code, .notADatabase)
        XCTAssertEqual(error?.isCorrupt, true)
        XCTAssertEqual(error?.path, databasePath)
        XCTAssertEqual(error?.message, "file is not a database")
        XCTAssertTrue(error?.description.contains(databasePath) == true, error?.description ?? "")

        let readOnlyError = expectSQLiteError { _ = try SQLiteConnection(path: databasePath, mode: .readOnly) }
        XCTAssertEqual(readOnlyError?.isCorrupt, true)

        XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: databasePath))), garbage)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath + "-wal"))
    }

    func testMissingFileOpenedWithoutCreateIsCannotOpenNamingTheFile() throws {
        let missing = directory.appending("missing.db").path
        for mode in [SQLiteConnection.OpenMode.readWrite, .readOnly] {
            let error = expectSQLiteError { _ = try SQLiteConnection(path: missing, mode: mode) }
            XCTAssertEqual(error?.isCannotOpen, true, "\(mode)")
            XCTAssertEqual(error?.path, missing)
            XCTAssertEqual(error?.systemErrorNumber, ENOENT)
            XCTAssertTrue(error?.description.contains(missing) == true)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    func testDirectoryInsteadOfFileIsCannotOpen() throws {
        let error = expectSQLiteError { _ = try SQLiteConnection(path: directory.path) }
        XCTAssertEqual(error?.code, .cannotOpen)
    }

    func testReadOnlyConnectionRefusesWritesWithReadOnlyError() throws {
        try openWithSchema().execute(sql: "INSERT INTO hosts(label) VALUES ('web')")
        let reader = try SQLiteConnection(path: databasePath, mode: .readOnly)
        XCTAssertEqual(try reader.query(sql: "SELECT label FROM hosts").first?.get("label"), "web")
        let error = expectSQLiteError { try reader.execute(sql: "INSERT INTO hosts(label) VALUES ('db')") }
        XCTAssertEqual(error?.isReadOnly, true)
        XCTAssertEqual(error?.sql, "INSERT INTO hosts(label) VALUES ('db')")
    }

    // MARK: Errors carry SQLite's own words

    func testUniqueViolationBecomesTypedErrorWithSQLiteMessage() throws {
        let connection = try openWithSchema()
        let insert = "INSERT INTO hosts(label) VALUES (?)"
        try connection.execute(sql: insert, arguments: ["web"])
        let error = expectSQLiteError { try connection.execute(sql: insert, arguments: ["web"]) }
        XCTAssertEqual(error?.code, .constraint)
        XCTAssertEqual(error?.extendedCode, .constraintUnique)
        XCTAssertEqual(error?.isConstraintViolation, true)
        XCTAssertEqual(error?.message, "UNIQUE constraint failed: hosts.label")
        XCTAssertEqual(error?.sql, insert)
        XCTAssertEqual(error?.path, databasePath)
        let description = error?.description ?? ""
        XCTAssertTrue(description.contains("SQLITE_CONSTRAINT_UNIQUE"), description)
        XCTAssertTrue(description.contains("UNIQUE constraint failed: hosts.label"), description)
        XCTAssertTrue(description.contains(databasePath), description)
        XCTAssertTrue(description.contains(insert), description)
        XCTAssertFalse(description.contains("'web'"), "bound values must not appear: \(description)")
    }

    func testForeignKeyViolationBecomesTypedErrorWithSQLiteMessage() throws {
        let connection = try openWithSchema()
        let error = expectSQLiteError {
            try connection.execute(sql: "INSERT INTO sessions(host_id) VALUES (?)", arguments: [42])
        }
        XCTAssertEqual(error?.extendedCode, .constraintForeignKey)
        XCTAssertEqual(error?.message, "FOREIGN KEY constraint failed")
        XCTAssertEqual(try connection.query(sql: "SELECT count(*) AS n FROM sessions").first?.get("n"), 0)
    }

    func testForeignKeyCascadeDeletesDependentRows() throws {
        let connection = try openWithSchema()
        try connection.execute(sql: "INSERT INTO hosts(label) VALUES (?)", arguments: ["web"])
        let hostID = connection.lastInsertRowID
        try connection.execute(sql: "INSERT INTO sessions(host_id) VALUES (?)", arguments: [.integer(hostID)])
        try connection.execute(sql: "DELETE FROM hosts WHERE id = ?", arguments: [.integer(hostID)])
        XCTAssertEqual(try connection.query(sql: "SELECT count(*) AS n FROM sessions").first?.get("n"), 0)
    }

    func testSyntaxErrorNamesTheSQL() throws {
        let connection = try openWithSchema()
        let bad = "SELEC label FROM hosts"
        let error = expectSQLiteError { _ = try connection.prepare(bad) }
        XCTAssertEqual(error?.code, .error)
        XCTAssertEqual(error?.sql, bad)
        XCTAssertTrue(error?.message.contains("syntax error") == true, error?.message ?? "")
        XCTAssertTrue(error?.description.contains(bad) == true)

        let scriptError = expectSQLiteError { try connection.execute(sql: "CREATE TABLE ok (x); DROP TABEL ok;") }
        XCTAssertTrue(scriptError?.message.contains("syntax error") == true, scriptError?.message ?? "")
        XCTAssertEqual(scriptError?.sql, "CREATE TABLE ok (x); DROP TABEL ok;")
    }

    func testMissingTableMessageNamesTheTable() throws {
        let connection = try SQLiteConnection(path: databasePath)
        let error = expectSQLiteError { _ = try connection.prepare("SELECT * FROM vault") }
        XCTAssertEqual(error?.message, "no such table: vault")
    }

    func testPrepareRefusesASecondStatement() throws {
        let connection = try openWithSchema()
        let error = expectSQLiteError { _ = try connection.prepare("DELETE FROM hosts; DELETE FROM sessions") }
        XCTAssertEqual(error?.code, .misuse)
        XCTAssertNoThrow(try connection.prepare("SELECT 1;  \n"))
    }

    // MARK: Transactions

    func testTransactionCommitsWhenBodyReturns() throws {
        let connection = try openWithSchema()
        let id = try connection.transaction {
            try connection.execute(sql: "INSERT INTO hosts(label) VALUES (?)", arguments: ["web"])
            return connection.lastInsertRowID
        }
        XCTAssertFalse(connection.isInTransaction)
        let other = try SQLiteConnection(path: databasePath)
        XCTAssertEqual(try other.query(sql: "SELECT id FROM hosts").first?.get("id"), id)
    }

    func testTransactionRollsBackWhenBodyThrows() throws {
        struct Abandon: Error {}
        let connection = try openWithSchema()
        XCTAssertThrowsError(try connection.transaction {
            try connection.execute(sql: "INSERT INTO hosts(label) VALUES (?)", arguments: ["web"])
            XCTAssertTrue(connection.isInTransaction)
            throw Abandon()
        }) { XCTAssertTrue($0 is Abandon) }
        XCTAssertFalse(connection.isInTransaction)
        XCTAssertEqual(try connection.query(sql: "SELECT count(*) AS n FROM hosts").first?.get("n"), 0)
    }

    func testTransactionRollsBackEarlierWritesWhenALaterStatementFails() throws {
        let connection = try openWithSchema()
        let insert = "INSERT INTO hosts(label) VALUES (?)"
        let error = expectSQLiteError {
            try connection.transaction {
                try connection.execute(sql: insert, arguments: ["one"])
                try connection.execute(sql: insert, arguments: ["one"])
            }
        }
        XCTAssertEqual(error?.extendedCode, .constraintUnique)
        XCTAssertEqual(try connection.query(sql: "SELECT count(*) AS n FROM hosts").first?.get("n"), 0)
    }

    func testSecondWriterWaitsOutTheBusyTimeoutThenFailsAsBusy() throws {
        let first = try openWithSchema()
        let second = try SQLiteConnection(path: databasePath, busyTimeout: .milliseconds(100))
        try first.execute(sql: "BEGIN IMMEDIATE")
        defer { try? first.execute(sql: "ROLLBACK") }
        let started = Date()
        let error = expectSQLiteError {
            try second.transaction { try second.execute(sql: "INSERT INTO hosts(label) VALUES ('x')", arguments: []) }
        }
        XCTAssertEqual(error?.isBusy, true, "\(String(describing: error))")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.09)
    }

    // MARK: State and the statement cache

    func testChangesAndLastInsertRowIDReportTheLatestStatement() throws {
        let connection = try openWithSchema()
        try connection.execute(sql: "INSERT INTO hosts(label) VALUES ('a'), ('b'), ('c')")
        XCTAssertEqual(connection.changes, 3)
        XCTAssertEqual(connection.lastInsertRowID, 3)
        try connection.execute(sql: "UPDATE hosts SET label = label || '!' WHERE id > ?", arguments: [1])
        XCTAssertEqual(connection.changes, 2)
    }

    func testUserVersionIsStoredInTheFile() throws {
        do {
            let connection = try SQLiteConnection(path: databasePath)
            XCTAssertEqual(try connection.userVersion(), 0)
            try connection.setUserVersion(7)
        }
        XCTAssertEqual(try SQLiteConnection(path: databasePath, mode: .readOnly).userVersion(), 7)
    }

    func testStatementCacheReturnsTheSameStatementForTheSameSQL() throws {
        let connection = try openWithSchema()
        let sql = "SELECT label FROM hosts WHERE id = ?"
        let first = try connection.cachedStatement(sql)
        let second = try connection.cachedStatement(sql)
        XCTAssertTrue(first === second)
        XCTAssertFalse(first === (try connection.cachedStatement(sql + " ")))
        XCTAssertFalse(first === (try connection.prepare(sql)))
    }

    func testCachedStatementComesBackResetWithBindingsCleared() throws {
        let connection = try openWithSchema()
        try connection.execute(sql: "INSERT INTO hosts(label) VALUES ('a'), ('b')")
        let statement = try connection.cachedStatement("SELECT label FROM hosts WHERE id = ? OR ? IS NULL ORDER BY id")
        try statement.bind(1, at: 1)
        try statement.bind(1, at: 2)
        XCTAssertTrue(try statement.step())
        // Handed out again mid-iteration: it starts over with both parameters NULL.
        let again = try connection.cachedStatement("SELECT label FROM hosts WHERE id = ? OR ? IS NULL ORDER BY id")
        XCTAssertEqual(try again.rows().map { try $0.get("label", as: String.self) }, ["a", "b"])
    }

    func testStatementOutlivingItsConnectionStaysUsable() throws {
        var connection: SQLiteConnection? = try openWithSchema()
        let statement = try connection!.prepare("SELECT 40 + 2 AS answer")
        connection = nil
        XCTAssertEqual(try statement.rows().first?.get("answer"), 42)
    }

    func testConnectionCanMoveIntoAnActorThatOwnsIt() async throws {
        actor Store {
            private let connection: SQLiteConnection
            init(path: String) throws { connection = try SQLiteConnection(path: path) }
            func count() throws -> Int {
                try connection.execute(sql: "CREATE TABLE IF NOT EXISTS t (x)")
                try connection.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1])
                return try connection.query(sql: "SELECT count(*) AS n FROM t")[0].get("n")
            }
        }
        let store = try Store(path: databasePath)
        let first = try await store.count()
        let second = try await store.count()
        XCTAssertEqual([first, second], [1, 2])
    }
}
