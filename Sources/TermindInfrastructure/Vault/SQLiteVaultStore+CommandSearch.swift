import Foundation
import TermindApplication
import TermindDomain

/// Command history search over the `command_search` FTS5 index (schema V4, trigram tokens):
/// a text of three characters or more is a phrase of trigrams, which matches any part of a
/// command in any case; a shorter one (no whole trigram to look up) is compared row by row.
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
    /// same text in the `sqlite3` shell).
    public static func searchStatement(_ query: CommandHistoryQuery) -> (sql: String, arguments: [SQLiteValue]) {
        let text = query.text ?? ""
        var filters = ["(?1 IS NULL OR h.host_id = ?1)", "(?2 = 0 OR (h.exit_status IS NOT NULL AND h.exit_status <> 0))"]
        var from = "command_history h"
        var arguments: [SQLiteValue] = [.id(query.hostID), .integer(query.failedOnly ? 1 : 0), .integer(Int64(max(0, query.limit)))]
        if text.count >= 3 {
            from = "command_search s JOIN command_history h ON h.rowid = s.rowid"
            filters.append("command_search MATCH ?4")
            arguments.append(.text("\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""))
        } else if !text.isEmpty {
            filters.append("instr(lower(h.command), lower(?4)) > 0")
            arguments.append(.text(text))
        }
        let sql = """
            SELECT h.id AS id, h.host_id AS host_id, h.command AS command, h.started_at AS started_at,
                h.exit_status AS exit_status, h.duration AS duration, h.working_directory AS working_directory
            FROM \(from) WHERE \(filters.joined(separator: " AND "))
            ORDER BY h.started_at DESC, h.rowid DESC LIMIT ?3
            """
        return (sql, arguments)
    }
}
