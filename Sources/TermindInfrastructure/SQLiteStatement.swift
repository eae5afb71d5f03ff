import CSQLite

/// A prepared statement: owns one `sqlite3_stmt` and finalizes it in `deinit`.
///
/// Made by `SQLiteConnection.prepare(_:)` or `cachedStatement(_:)` and confined, like its
/// connection, to the thread or actor that owns that connection; it is not `Sendable`.
/// Bind parameters (1-based, or by name), `step()` through the rows, read columns (0-based),
/// `reset()`. `execute(_:)` and `rows(_:)` do all of that in one call and reset afterwards, so
/// a finished statement never holds a read snapshot open in WAL mode.
public final class SQLiteStatement {
    /// The statement text, with placeholders; bound values are never recorded.
    public let sql: String
    /// The database file, for errors.
    public let path: String

    let handle: OpaquePointer
    /// The connection's handle: kept valid by `sqlite3_close_v2` until this statement finalizes.
    private let database: OpaquePointer

    init(handle: OpaquePointer, database: OpaquePointer, sql: String, path: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
        self.path = path
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// The number of parameters (`?`, `?NNN`, `:name`, `@name`, `$name`) in the statement.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds `value` to parameter `index` (1-based). `nil` of an `Optional` binds NULL.
    public func bind(_ value: some SQLiteValueConvertible, at index: Int) throws {
        try bindValue(value.sqliteValue, at: index)
    }

    /// Binds NULL to parameter `index` (1-based).
    public func bindNull(at index: Int) throws {
        try bindValue(.null, at: index)
    }

    /// Binds `value` to the named parameter; `name` may omit the prefix (`label` finds `:label`).
    public func bind(_ value: some SQLiteValueConvertible, named name: String) throws {
        try bindValue(value.sqliteValue, at: parameterIndex(named: name))
    }

    /// Clears earlier bindings and binds `arguments` to parameters 1...n; the count must match.
    public func bind(_ arguments: [SQLiteValue]) throws {
        guard arguments.count == parameterCount else {
            throw misuse("the statement has \(parameterCount) parameters but \(arguments.count) arguments were given")
        }
        sqlite3_clear_bindings(handle)
        for (offset, argument) in arguments.enumerated() {
            try bindValue(argument, at: offset + 1)
        }
    }

    /// Clears earlier bindings and binds each named argument; every parameter must be named.
    public func bind(named arguments: [String: SQLiteValue]) throws {
        sqlite3_clear_bindings(handle)
        for (name, argument) in arguments {
            try bindValue(argument, at: parameterIndex(named: name))
        }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() { sqlite3_clear_bindings(handle) }

    private func parameterIndex(named name: String) throws -> Int {
        let candidates = name.first.map { ":@$".contains($0) } == true ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = sqlite3_bind_parameter_index(handle, candidate)
            if index > 0 { return Int(index) }
        }
        throw SQLiteError(
            extendedCode: .range, message: "no parameter named '\(name)'", sql: sql, path: path)
    }

    private func bindValue(_ value: SQLiteValue, at index: Int) throws {
        guard let position = Int32(exactly: index) else {
            throw SQLiteError(extendedCode: .range, message: "parameter index \(index) out of range", sql: sql, path: path)
        }
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, position)
        case .integer(let integer):
            result = sqlite3_bind_int64(handle, position, integer)
        case .real(let real):
            result = sqlite3_bind_double(handle, position, real)
        case .text(let text):
            var text = text
            result = try text.withUTF8 { bytes in
                let length = try Self.length(bytes.count, sql: sql, path: path)
                // An empty buffer may have no address, and a NULL pointer would bind NULL.
                guard let base = bytes.baseAddress else {
                    return termind_sqlite3_bind_text_transient(handle, position, "", 0)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    termind_sqlite3_bind_text_transient(handle, position, $0, length)
                }
            }
        case .blob(let bytes):
            if bytes.isEmpty {
                // A zero-length blob, not NULL (a NULL pointer would bind NULL).
                result = sqlite3_bind_zeroblob(handle, position, 0)
            } else {
                let length = try Self.length(bytes.count, sql: sql, path: path)
                result = bytes.withUnsafeBytes {
                    termind_sqlite3_bind_blob_transient(handle, position, $0.baseAddress, length)
                }
            }
        }
        try check(result)
    }

    private static func length(_ count: Int, sql: String, path: String) throws -> Int32 {
        guard let length = Int32(exactly: count) else {
            throw SQLiteError(extendedCode: .tooBig, message: "a value of \(count) bytes is too big to bind", sql: sql, path: path)
        }
        return length
    }

    // MARK: Stepping

    /// Runs the statement to its next row: `true` when a row is ready to read, `false` when done.
    @discardableResult
    public func step() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(resultCode: result, database: database, sql: sql, path: path)
        }
    }

    /// Rewinds the statement so it can run again; bindings stay. Its error, if the last step
    /// failed, was already thrown by `step()`.
    public func reset() { sqlite3_reset(handle) }

    /// Binds `arguments` (when given), runs to completion and resets.
    public func execute(_ arguments: [SQLiteValue]? = nil) throws {
        reset()
        defer { reset() }
        if let arguments { try bind(arguments) }
        while try step() {}
    }

    /// Binds `arguments` (when given), collects every row and resets.
    public func rows(_ arguments: [SQLiteValue]? = nil) throws -> [SQLiteRow] {
        reset()
        defer { reset() }
        if let arguments { try bind(arguments) }
        let names = columnNames
        var rows: [SQLiteRow] = []
        while try step() {
            rows.append(SQLiteRow(
                columnNames: names, values: (0..<names.count).map(value(at:)), sql: sql, path: path))
        }
        return rows
    }

    /// Like `rows(_:)` but stops after the first row: `nil` when there is none.
    public func firstRow(_ arguments: [SQLiteValue]? = nil) throws -> SQLiteRow? {
        reset()
        defer { reset() }
        if let arguments { try bind(arguments) }
        guard try step() else { return nil }
        let names = columnNames
        return SQLiteRow(columnNames: names, values: (0..<names.count).map(value(at:)), sql: sql, path: path)
    }

    // MARK: Columns of the current row (0-based)

    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    public func columnName(at index: Int) -> String {
        guard let name = sqlite3_column_name(handle, Int32(index)) else { return "" }
        return String(cString: name)
    }

    public var columnNames: [String] { (0..<columnCount).map(columnName(at:)) }

    public func isNull(at index: Int) -> Bool { sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL }

    /// The column as an integer, with SQLite's conversions (NULL reads as 0).
    public func int64(at index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    /// The column as a real, with SQLite's conversions (NULL reads as 0.0).
    public func double(at index: Int) -> Double { sqlite3_column_double(handle, Int32(index)) }

    /// The column as UTF-8 text, with SQLite's conversions (NULL reads as ""); embedded NUL
    /// characters survive.
    public func text(at index: Int) -> String {
        let column = Int32(index)
        // sqlite3_column_text first, then sqlite3_column_bytes, as SQLite's documentation asks.
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as bytes, with SQLite's conversions (NULL and an empty blob read as []).
    public func blob(at index: Int) -> [UInt8] {
        let column = Int32(index)
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column with its storage class.
    public func value(at index: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: .text(text(at: index))
        case SQLITE_BLOB: .blob(blob(at: index))
        default: .null
        }
    }

    // MARK: Errors

    private func check(_ result: Int32) throws {
        guard result == SQLITE_OK else {
            throw SQLiteError(resultCode: result, database: database, sql: sql, path: path)
        }
    }

    private func misuse(_ message: String) -> SQLiteError {
        SQLiteError(extendedCode: .misuse, message: message, sql: sql, path: path)
    }
}

@available(*, unavailable, message: "a statement is confined to its connection's thread or actor")
extension SQLiteStatement: Sendable {}
