import CSQLite
import Foundation

/// One open SQLite database: owns the `sqlite3` handle and a cache of prepared statements, and
/// closes them with `sqlite3_close_v2` in `deinit`.
///
/// Confined to one thread or actor at a time (the Vault keeps one per process behind an actor);
/// it is not `Sendable`, and neither are its statements. It is opened in SQLite's serialized
/// mode anyway, so a slip costs contention, not memory safety.
///
/// Opening sets what every Termind connection relies on: extended result codes, a busy timeout,
/// foreign keys on, and (for a file opened to write) WAL journal mode. A file that is not an
/// SQLite database fails here with `SQLITE_NOTADB`; nothing is written to it.
public final class SQLiteConnection {
    /// How the file is opened.
    public enum OpenMode: Sendable {
        /// Read and write; create the file if it does not exist.
        case readWriteCreate
        /// Read and write an existing file; fail with `SQLITE_CANTOPEN` if it is missing.
        case readWrite
        /// Read only; writes fail with `SQLITE_READONLY`.
        case readOnly
    }

    /// The database file (":memory:" for an in-memory database).
    public let path: String
    public let mode: OpenMode

    private let handle: OpaquePointer
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Opens `path`.
    ///
    /// - Parameters:
    ///   - busyTimeout: how long a statement waits for another connection's lock before failing
    ///     with `SQLITE_BUSY`.
    /// - Throws: `SQLiteError` naming the file: cannot open (missing, a directory, no
    ///   permission), not a database, corrupt, or WAL refused. A read-write open that SQLite
    ///   could only make read-only (no write permission) throws `SQLITE_READONLY` rather than
    ///   letting the first write fail later.
    public init(path: String, mode: OpenMode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws {
        self.path = path
        self.mode = mode
        // SQLITE_OPEN_NOFOLLOW: the database is never opened through a symlink at its name.
        var flags = SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOFOLLOW
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(extendedCode: SQLiteResultCode(rawValue: result), message: "out of memory opening the database", path: path)
        }
        guard result == SQLITE_OK else {
            let error = SQLiteError(resultCode: result, database: opened, sql: nil, path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        // From here a throw runs deinit, which closes the handle.
        sqlite3_extended_result_codes(handle, 1)
        try check(sqlite3_busy_timeout(handle, Self.milliseconds(busyTimeout)), sql: nil)
        try check(termind_sqlite3_enable_foreign_keys(handle, 1), sql: nil)

        if mode != .readOnly {
            if sqlite3_db_readonly(handle, "main") == 1 {
                throw SQLiteError(
                    extendedCode: .readOnly,
                    message: "the database file is not writable (no write permission on it or its directory)",
                    path: path, systemErrorNumber: EACCES)
            }
            if !isInMemory {
                try enableWriteAheadLog()
            }
        } else {
            // Read the header now, so a file that is not a database fails at open, as above.
            _ = try userVersion()
        }
    }

    deinit {
        // Finalize cached statements first; close_v2 defers the close until any statement
        // still held elsewhere is finalized too.
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    private var isInMemory: Bool {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
    }

    private func enableWriteAheadLog() throws {
        // The pragma reports the mode in force afterwards; anything but "wal" is a refusal.
        let sql = "PRAGMA journal_mode=WAL"
        let rows = try prepare(sql).rows()
        let reported = rows.first.flatMap { String(sqliteValue: $0[0]) }?.lowercased()
        guard reported == "wal" else {
            throw SQLiteError(
                extendedCode: .error,
                message: "WAL journal mode was refused; the database reports '\(reported ?? "nothing")'",
                sql: sql, path: path)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }

    // MARK: Statements

    /// Runs a script of one or more statements without arguments (schema migrations, pragmas).
    public func execute(sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard result != SQLITE_OK else { return }
        var message = ""
        if let errorMessage {
            message = String(cString: errorMessage)
            sqlite3_free(errorMessage)
        }
        var error = SQLiteError(resultCode: result, database: handle, sql: sql, path: path)
        if !message.isEmpty, message != error.message {
            error = SQLiteError(
                extendedCode: error.extendedCode, message: message, sql: sql, path: path,
                systemErrorNumber: error.systemErrorNumber)
        }
        throw error
    }

    /// Runs one statement with `arguments` through the statement cache.
    public func execute(sql: String, arguments: [SQLiteValue]) throws {
        try cachedStatement(sql).execute(arguments)
    }

    /// Runs one query with `arguments` through the statement cache and returns every row.
    public func query(sql: String, arguments: [SQLiteValue] = []) throws -> [SQLiteRow] {
        try cachedStatement(sql).rows(arguments)
    }

    /// Compiles one statement. Text after the first statement (other than `;` and whitespace)
    /// is refused with `SQLITE_MISUSE`; use `execute(sql:)` for scripts.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        try prepare(sql, flags: 0)
    }

    /// The cached statement for `sql`, prepared on first use and reset with cleared bindings
    /// each time it is handed out. The same SQL returns the same statement object.
    public func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statementCache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
        statementCache[sql] = statement
        return statement
    }

    /// Finalizes every cached statement (before a schema change that makes them stale, say).
    public func clearStatementCache() { statementCache.removeAll() }

    private func prepare(_ sql: String, flags: UInt32) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        var remainder = ""
        let result = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let result = sqlite3_prepare_v3(handle, text, -1, flags, &statement, &tail)
            if let tail { remainder = String(cString: tail) }
            return result
        }
        guard result == SQLITE_OK else {
            throw SQLiteError(resultCode: result, database: handle, sql: sql, path: path)
        }
        guard let statement else {
            throw SQLiteError(extendedCode: .misuse, message: "the SQL holds no statement", sql: sql, path: path)
        }
        let prepared = SQLiteStatement(handle: statement, database: handle, sql: sql, path: path)
        if remainder.contains(where: { !$0.isWhitespace && $0 != ";" }) {
            throw SQLiteError(
                extendedCode: .misuse,
                message: "prepare accepts one statement; use execute(sql:) for a script",
                sql: sql, path: path)
        }
        return prepared
    }

    // MARK: Transactions

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`; rolls back and rethrows if `body` or the
    /// commit throws. IMMEDIATE takes the write lock up front, so a second process waits (up to
    /// the busy timeout) at BEGIN instead of failing half-way through. Transactions do not nest.
    @discardableResult
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute(sql: "BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body()
            try execute(sql: "COMMIT")
        } catch {
            if isInTransaction { try? execute(sql: "ROLLBACK") }
            throw error
        }
        return result
    }

    // MARK: State

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// `PRAGMA user_version`: the schema version the migrations record.
    public func userVersion() throws -> Int {
        let value = try prepare("PRAGMA user_version").firstRow()?[0]
        return value.flatMap { Int(sqliteValue: $0) } ?? 0
    }

    public func setUserVersion(_ version: Int) throws {
        // PRAGMA takes no parameters; an Int cannot inject anything.
        try execute(sql: "PRAGMA user_version = \(version)")
    }

    /// A single pragma's value as text (`journal_mode`, `foreign_keys`...), or nil if it has none.
    public func pragma(_ name: String) throws -> String? {
        guard name.allSatisfy({ $0.isLetter || $0 == "_" }) else {
            throw SQLiteError(extendedCode: .misuse, message: "'\(name)' is not a pragma name", path: path)
        }
        guard let value = try prepare("PRAGMA \(name)").firstRow()?[0] else { return nil }
        switch value {
        case .text(let text): return text
        case .integer(let integer): return String(integer)
        case .real(let real): return String(real)
        case .blob, .null: return nil
        }
    }

    private func check(_ result: Int32, sql: String?) throws {
        guard result == SQLITE_OK else {
            throw SQLiteError(resultCode: result, database: handle, sql: sql, path: path)
        }
    }
}

@available(*, unavailable, message: "a connection is confined to one thread or actor")
extension SQLiteConnection: Sendable {}
