import Foundation
import TermindInfrastructure
import TermindTestSupport
import XCTest

final class SQLiteStatementTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var connection: SQLiteConnection!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-sqlite")
        connection = try SQLiteConnection(path: directory.appending("termind.db").path)
        try connection.execute(sql: "CREATE TABLE v (id INTEGER PRIMARY KEY, i INTEGER, r REAL, t TEXT, b BLOB, n)")
    }

    override func tearDown() {
        connection = nil
        directory = nil
    }

    /// Writes `values` and reads them back through a second connection, so they come from the file.
    private func roundTrip(_ values: [SQLiteValue]) throws -> SQLiteRow {
        try connection.execute(sql: "INSERT INTO v(i, r, t, b, n) VALUES (?, ?, ?, ?, ?)", arguments: values)
        let id = connection.lastInsertRowID
        let reader = try SQLiteConnection(path: connection.path, mode: .readOnly)
        let rows = try reader.query(sql: "SELECT i, r, t, b, n FROM v WHERE id = ?", arguments: [.integer(id)])
        XCTAssertEqual(rows.count, 1)
        return rows[0]
    }

    func testEveryValueTypeRoundTripsThroughTheFile() throws {
        let unicode = "naïve café – 東京 🚀 \u{200D} e\u{301}"
        let bytes: [UInt8] = [0x00, 0xFF, 0x00, 0x10, 0x00]
        let row = try roundTrip([.integer(Int64.min), .real(-1.5e-300), .text(unicode), .blob(bytes), .null])
        XCTAssertEqual(row.values, [.integer(Int64.min), .real(-1.5e-300), .text(unicode), .blob(bytes), .null])
        XCTAssertEqual(try row.get("i", as: Int64.self), Int64.min)
        XCTAssertEqual(try row.get("r", as: Double.self), -1.5e-300)
        XCTAssertEqual(try row.get("t", as: String.self), unicode)
        XCTAssertEqual(try row.get("b", as: [UInt8].self), bytes)
        XCTAssertEqual(try row.get("b", as: Data.self), Data(bytes))
        XCTAssertEqual(try row.get("n", as: String?.self), nil)
        XCTAssertEqual(try row.get("t", as: String?.self), unicode)
        XCTAssertTrue(row["n"].isNull)
    }

    func testExtremeIntegersAndRealsKeepTheirExactValues() throws {
        for (integer, real) in [(Int64.max, Double.greatestFiniteMagnitude), (0, 0.1), (-1, -.leastNonzeroMagnitude)] {
            let row = try roundTrip([.integer(integer), .real(real), nil, nil, nil])
            XCTAssertEqual(row["i"], .integer(integer))
            XCTAssertEqual(row["r"], .real(real))
        }
    }

    func testEmptyTextAndEmptyBlobAreNotNull() throws {
        let row = try roundTrip([0, 0.0, .text(""), .blob([]), nil])
        XCTAssertEqual(row["t"], .text(""))
        XCTAssertEqual(row["b"], .blob([]))
        XCTAssertEqual(try connection.query(sql: "SELECT typeof(t) AS tt, typeof(b) AS tb FROM v")[0].values, ["text", "blob"])
    }

    func testTextWithEmbeddedNULSurvives() throws {
        let text = "before\u{0}after"
        let row = try roundTrip([nil, nil, .text(text), nil, nil])
        XCTAssertEqual(try row.get("t", as: String.self), text)
        XCTAssertEqual(try row.get("t", as: String.self).utf8.count, 12)
    }

    func testBindsSwiftTypesByIndexAndReadsColumnsByIndex() throws {
        let insert = try connection.prepare("INSERT INTO v(i, r, t, b, n) VALUES (?, ?, ?, ?, ?)")
        try insert.bind(42, at: 1)
        try insert.bind(2.25, at: 2)
        try insert.bind("text", at: 3)
        try insert.bind([UInt8]([1, 0, 2]), at: 4)
        try insert.bindNull(at: 5)
        XCTAssertFalse(try insert.step())

        let select = try connection.prepare("SELECT i, r, t, b, n FROM v")
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.columnCount, 5)
        XCTAssertEqual(select.columnNames, ["i", "r", "t", "b", "n"])
        XCTAssertEqual(select.columnName(at: 2), "t")
        XCTAssertEqual(select.int64(at: 0), 42)
        XCTAssertEqual(select.double(at: 1), 2.25)
        XCTAssertEqual(select.text(at: 2), "text")
        XCTAssertEqual(select.blob(at: 3), [1, 0, 2])
        XCTAssertTrue(select.isNull(at: 4))
        XCTAssertFalse(select.isNull(at: 0))
        XCTAssertEqual(select.value(at: 4), .null)
        XCTAssertFalse(try select.step())
    }

    func testOptionalNilBindsNull() throws {
        let insert = try connection.prepare("INSERT INTO v(t, i) VALUES (?, ?)")
        let missing: String? = nil
        let present: Int? = 5
        try insert.bind(missing, at: 1)
        try insert.bind(present, at: 2)
        try insert.execute()
        let row = try connection.query(sql: "SELECT t, i FROM v")[0]
        XCTAssertEqual(row.values, [.null, .integer(5)])
    }

    func testBindsByNameWithOrWithoutThePrefix() throws {
        let insert = try connection.prepare("INSERT INTO v(i, t, b) VALUES (:count, @label, $bytes)")
        try insert.bind(7, named: "count")
        try insert.bind("web", named: "@label")
        try insert.bind(Data([9, 8]), named: "bytes")
        try insert.execute()
        let row = try connection.query(sql: "SELECT i, t, b FROM v")[0]
        XCTAssertEqual(row.values, [7, "web", .blob([9, 8])])

        XCTAssertThrowsError(try insert.bind(1, named: "nope")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .range)
            XCTAssertTrue((error as? SQLiteError)?.message.contains("nope") == true)
        }
        try insert.bind(named: ["count": 1, "@label": "db", "bytes": nil])
        try insert.execute()
        XCTAssertEqual(try connection.query(sql: "SELECT t, b FROM v WHERE i = 1")[0].values, ["db", .null])
    }

    func testBindingOutOfRangeIsARangeError() throws {
        let statement = try connection.prepare("SELECT ?")
        XCTAssertThrowsError(try statement.bind(1, at: 2)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .range)
            XCTAssertEqual((error as? SQLiteError)?.sql, "SELECT ?")
        }
        XCTAssertThrowsError(try statement.rows([1, 2])) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, .misuse)
        }
    }

    func testResetRunsTheStatementAgainWithItsBindings() throws {
        try connection.execute(sql: "INSERT INTO v(i) VALUES (1), (2), (3)")
        let select = try connection.prepare("SELECT i FROM v WHERE i >= ? ORDER BY i")
        try select.bind(2, at: 1)
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.int64(at: 0), 2)
        select.reset()
        var seen: [Int64] = []
        while try select.step() { seen.append(select.int64(at: 0)) }
        XCTAssertEqual(seen, [2, 3])
    }

    func testRowsCollectsEveryRowAndFirstRowStopsEarly() throws {
        try connection.execute(sql: "INSERT INTO v(i, t) VALUES (1, 'a'), (2, 'b'), (3, NULL)")
        let select = try connection.prepare("SELECT i AS number, t AS label FROM v ORDER BY i")
        let rows = try select.rows()
        XCTAssertEqual(rows.map(\.columnNames), Array(repeating: ["number", "label"], count: 3))
        XCTAssertEqual(try rows.map { try $0.get("label", as: String?.self) }, ["a", "b", nil])
        XCTAssertEqual(try select.firstRow()?.get("number"), 1)
        XCTAssertNil(try connection.prepare("SELECT i FROM v WHERE 0").firstRow())
    }

    func testReadingAColumnAsTheWrongTypeIsAMismatchNamingTheColumn() throws {
        try connection.execute(sql: "INSERT INTO v(i, t) VALUES (NULL, 'text')")
        let row = try connection.query(sql: "SELECT i, t FROM v")[0]
        XCTAssertThrowsError(try row.get("i", as: Int64.self)) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.code, .mismatch)
            XCTAssertEqual(error?.message, "column 'i' holds NULL, expected Int64")
            XCTAssertEqual(error?.sql, "SELECT i, t FROM v")
        }
        XCTAssertThrowsError(try row.get("t", as: Int.self))
        XCTAssertThrowsError(try row.get("t", as: Int?.self))
    }

    func testFinishedStatementDoesNotBlockACheckpoint() throws {
        try connection.execute(sql: "INSERT INTO v(i) VALUES (1), (2)")
        let select = try connection.cachedStatement("SELECT i FROM v")
        _ = try select.firstRow()
        // A statement left mid-iteration would hold a read snapshot and make TRUNCATE busy.
        let other = try SQLiteConnection(path: connection.path, busyTimeout: .milliseconds(50))
        let result = try other.query(sql: "PRAGMA wal_checkpoint(TRUNCATE)")[0]
        XCTAssertEqual(result[0], 0, "checkpoint reported busy")
    }
}
