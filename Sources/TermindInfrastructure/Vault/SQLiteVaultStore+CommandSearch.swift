import Foundation
import TermindApplication
import TermindDomain

/// Command history search over the `command_search` FTS5 index (schema V4, trigram tokens):
/// a text of three characters or more is a phrase of trigrams, which matches any part of a
/// command in any case; a shorter one (no whole trigram to look up), or one Host's at most
/// 1,000 rows, is compared row by row.
extension SQLiteVaultStore: CommandHistorySearch {
    public func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry] {
        try await database.read { try Self.searchCommands(query, $0) }
    }

    static func searchCommands(_ query: CommandHistoryQuery, _ connection: SQLiteConnection) throws -> [CommandHistoryEntry] {
        let (sql, arguments) = searchStatement(query)
        return try connection.query(sql: sql, arguments: arguments).map { row in
            CommandHistoryEntry(
                id: try row.uuid("id"), hostID: try row.uuid("host_id"), command: try row.get("command"),
                startedAt: try row.date("started_at"), exitStatus: try row.get("exit_status"),
                duration: try row.get("duration"), workingDirectory: try row.get("working_directory"))
        }
    }

    /// The statement and its arguments for `query` (public for the benchmark, which runs the
    /// same text in the `sqlite3` shell). Newest first in the order rows were recorded (the
    /// rowid), which both the table and the index can walk backwards and stop at the limit:
    /// - one Host: its rows (at most the cap, through its index), compared with LIKE;
    /// - every Host, three characters or more: the trigram index, newest match first;
    /// - every Host, a shorter text: the table from the newest row, compared with LIKE.
    public static func searchStatement(_ query: CommandHistoryQuery) -> (sql: String, arguments: [SQLiteValue]) {
        let text = query.text ?? ""
        var arguments: [SQLiteValue] = []
        func parameter(_ value: SQLiteValue) -> String {
            arguments.append(value)
            return "?\(arguments.count)"
        }
        var from = "command_history h", newest = "h.rowid DESC"
        var filters: [String] = []
        if let hostID = query.hostID { filters.append("h.host_id = \(parameter(.id(hostID)))") }
        if query.failedOnly { filters.append("h.exit_status IS NOT NULL AND h.exit_status <> 0") }
        if query.hostID == nil, text.count >= 3 {
            from = "command_search s JOIN command_history h ON h.rowid = s.rowid"
            newest = "s.rowid DESC"
            filters.append("command_search MATCH \(parameter(.text("\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"")))")
        } else if !text.isEmpty {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            filters.append("h.command LIKE \(parameter(.text("%" + escaped + "%"))) ESCAPE '\\'")
        }
        let sql = """
            SELECT h.id AS id, h.host_id AS host_id, h.command AS command, h.started_at AS started_at,
                h.exit_status AS exit_status, h.duration AS duration, h.working_directory AS working_directory
            FROM \(from)\(filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND "))
            ORDER BY \(newest) LIMIT \(parameter(.integer(Int64(max(0, query.limit)))))
            """
        return (sql, arguments)
    }
}
