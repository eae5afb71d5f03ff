import Foundation

/// A failed SQLite call: which result code, SQLite's own message, the statement and the file.
///
/// Every non-OK result from the wrapper becomes one of these (the GRDB `DatabaseError` shape).
/// The SQL is the statement text with its `?`/`:name` placeholders, never the bound values, so
/// a secret bound as a parameter cannot reach an error message. A plain value, `Sendable`.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`).
    public var code: SQLiteResultCode { extendedCode.primary }
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`); equal to `code` when SQLite gave none.
    public let extendedCode: SQLiteResultCode
    /// SQLite's message (`sqlite3_errmsg`), e.g. "UNIQUE constraint failed: hosts.label".
    public let message: String
    /// The statement that failed, if the failure came from one.
    public let sql: String?
    /// The database file (":memory:" for an in-memory database).
    public let path: String
    /// The operating system's errno for the last I/O failure (`sqlite3_system_errno`), when it
    /// explains this error: EACCES for a file that cannot be opened for lack of permission.
    public let systemErrorNumber: Int32?

    public init(
        extendedCode: SQLiteResultCode, message: String, sql: String? = nil, path: String,
        systemErrorNumber: Int32? = nil
    ) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.systemErrorNumber = systemErrorNumber
    }

    // MARK: Classification (the Vault maps these to exit status 9, naming the file)

    /// UNIQUE, FOREIGN KEY, NOT NULL, CHECK or PRIMARY KEY failed.
    public var isConstraintViolation: Bool { code == .constraint }
    /// Another connection held a lock longer than the busy timeout.
    public var isBusy: Bool { code == .busy || code == .locked }
    /// The file is damaged or is not an SQLite database at all.
    public var isCorrupt: Bool { code == .corrupt || code == .notADatabase }
    /// A write was refused because the database, its directory or its WAL is read-only.
    public var isReadOnly: Bool { code == .readOnly }
    /// The file (or its directory, or the WAL beside it) could not be opened.
    public var isCannotOpen: Bool { code == .cannotOpen }
    /// The operating system refused access: no read or write permission on the file or directory.
    public var isPermissionDenied: Bool {
        if code == .permission || code == .authorization { return true }
        guard let systemErrorNumber else { return false }
        return systemErrorNumber == EACCES || systemErrorNumber == EPERM
            || (code == .readOnly && systemErrorNumber == EROFS)
    }

    /// What failed and where, in one line: code, SQLite's message, the file and the statement.
    public var description: String {
        var text = "SQLite error \(extendedCode.name): \(message) (database \(path)"
        if let systemErrorNumber, systemErrorNumber != 0 {
            text += ", system error: \(String(cString: strerror(systemErrorNumber)))"
        }
        text += ")"
        if let sql { text += " in statement: \(sql)" }
        return text
    }
}

extension SQLiteError: LocalizedError {
    public var errorDescription: String? { description }
}
