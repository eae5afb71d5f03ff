/// One result row, copied out of a statement: column names and values, read by name.
///
/// A plain value, `Sendable`: it stays valid after the statement steps on, resets or is
/// finalized, so it can leave the connection's actor.
public struct SQLiteRow: Sendable, Equatable {
    public let columnNames: [String]
    public let values: [SQLiteValue]
    /// The statement that produced the row and its file, for errors about a column.
    let sql: String
    let path: String

    init(columnNames: [String], values: [SQLiteValue], sql: String, path: String) {
        self.columnNames = columnNames
        self.values = values
        self.sql = sql
        self.path = path
    }

    /// The value of the first column with this name (as SQLite names it: the alias if any).
    /// A name the statement does not produce is a programming error and stops the program.
    public subscript(column: String) -> SQLiteValue {
        guard let index = columnNames.firstIndex(of: column) else {
            preconditionFailure("no column '\(column)' in \(columnNames) of statement: \(sql)")
        }
        return values[index]
    }

    public subscript(index: Int) -> SQLiteValue { values[index] }

    /// Whether the statement produced a column with this name.
    public func hasColumn(_ column: String) -> Bool { columnNames.contains(column) }

    /// The column's value as `T`; use an `Optional` type for a nullable column.
    ///
    /// - Throws: `SQLiteError` with `SQLITE_MISMATCH` when the stored value does not fit `T`
    ///   (NULL for a non-optional type, text for an integer...), naming the column and statement.
    public func get<T: SQLiteValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T {
        let value = self[column]
        guard let converted = T(sqliteValue: value) else {
            throw SQLiteError(
                extendedCode: .mismatch,
                message: "column '\(column)' holds \(value.storageClass), expected \(T.self)",
                sql: sql, path: path)
        }
        return converted
    }
}
