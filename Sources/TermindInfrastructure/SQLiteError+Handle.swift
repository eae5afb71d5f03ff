import CSQLite

extension SQLiteError {
    /// The wrapper's one error funnel: a result code from a call on `database` becomes a typed
    /// error with SQLite's own message. `resultCode` is extended (extended codes are on).
    init(resultCode: Int32, database: OpaquePointer?, sql: String?, path: String) {
        var message = ""
        var systemError: Int32?
        if let database {
            // sqlite3_errmsg describes the most recent failing call on this connection; if a
            // later successful call reset it, fall back to the code's generic text.
            if sqlite3_extended_errcode(database) == resultCode || sqlite3_errcode(database) == resultCode & 0xFF,
                let text = sqlite3_errmsg(database)
            {
                message = String(cString: text)
            }
            let primary = resultCode & 0xFF
            if primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR || primary == SQLITE_READONLY
                || primary == SQLITE_PERM
            {
                let errno = sqlite3_system_errno(database)
                if errno != 0 { systemError = errno }
            }
        }
        if message.isEmpty || message == "not an error", let generic = sqlite3_errstr(resultCode) {
            message = String(cString: generic)
        }
        self.init(
            extendedCode: SQLiteResultCode(rawValue: resultCode), message: message, sql: sql,
            path: path, systemErrorNumber: systemError)
    }
}
