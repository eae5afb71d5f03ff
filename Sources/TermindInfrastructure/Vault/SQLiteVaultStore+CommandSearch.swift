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

    /// Steps the statement and reads its columns by position (in `searchStatement`'s order)
    /// rather than copying each row into an `SQLiteRow`: a search as the person types returns
    /// up to a few hundred rows, and their copies were most of its time.
    static func searchCommands(_ query: CommandHistoryQuery, _ connection: SQLiteConnection) throws -> [CommandHistoryEntry] {
        let (sql, arguments) = searchStatement(query)
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var entries: [CommandHistoryEntry] = []
        while try statement.step() {
            guard let id = Self.uuid(statement.text(at: 0)), let hostID = Self.uuid(statement.text(at: 1)) else {
                throw VaultUnavailable(location: connection.path, cause: .corrupt(
                    detail: "a row of command_history has an id or host_id that is not a UUID"))
            }
            entries.append(CommandHistoryEntry(
                id: id, hostID: hostID, command: statement.text(at: 2),
                startedAt: Date(timeIntervalSince1970: statement.double(at: 3)),
                exitStatus: statement.isNull(at: 4) ? nil : Int32(clamping: statement.int64(at: 4)),
                duration: statement.isNull(at: 5) ? nil : statement.double(at: 5),
                workingDirectory: statement.isNull(at: 6) ? nil : statement.text(at: 6)))
        }
        return entries
    }

    /// The UUID a Vault id column holds (`UUID.uuidString`'s 36 characters), read without
    /// Foundation's parser, which cost as much as the rest of a row; nil for anything else.
    static func uuid(_ text: String) -> UUID? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        var count = 0
        for character in text.utf8 {
            count += 1
            if character == UInt8(ascii: "-") {
                guard [9, 14, 19, 24].contains(count), high == nil else { return nil }
                continue
            }
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard count == 36, bytes.count == 16 else { return nil }
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
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
