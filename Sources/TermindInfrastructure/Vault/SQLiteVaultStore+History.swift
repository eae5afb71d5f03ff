import Foundation
import TermindApplication
import TermindDomain

/// Connection, command and SFTP history rows, on the `VaultDatabase` actor's connection.
/// Each belongs to a Host and is removed with it; newest first when read.
extension SQLiteVaultStore {
    static func insert(_ entry: ConnectionHistoryEntry, _ connection: SQLiteConnection) throws {
        try insertingForHost(entry.hostID) {
            try connection.execute(
                sql: "INSERT INTO connection_history (id, host_id, kind, opened_at) VALUES (?, ?, ?, ?)",
                arguments: [.id(entry.id), .id(entry.hostID), .text(entry.kind.rawValue), .date(entry.openedAt)])
        }
    }

    /// Inserts the command, then drops the Host's oldest rows beyond `commandHistoryLimit`.
    static func insert(_ entry: CommandHistoryEntry, _ connection: SQLiteConnection) throws {
        try insertingForHost(entry.hostID) {
            try connection.execute(sql: """
                INSERT INTO command_history (id, host_id, command, started_at, exit_status, duration, working_directory)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    .id(entry.id), .id(entry.hostID), .text(entry.command), .date(entry.startedAt),
                    entry.exitStatus.sqliteValue, entry.duration.sqliteValue, entry.workingDirectory.sqliteValue,
                ])
        }
        try connection.execute(sql: """
            DELETE FROM command_history WHERE rowid IN (
                SELECT rowid FROM command_history WHERE host_id = ?1
                ORDER BY started_at DESC, rowid DESC LIMIT -1 OFFSET ?2)
            """, arguments: [.id(entry.hostID), .integer(Int64(commandHistoryLimit))])
    }

    static func insert(_ entry: SFTPHistoryEntry, _ connection: SQLiteConnection) throws {
        try insertingForHost(entry.hostID) {
            try connection.execute(
                sql: "INSERT INTO sftp_history (id, host_id, path, kind, visited_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [.id(entry.id), .id(entry.hostID), .text(entry.path), .text(entry.kind.rawValue), .date(entry.visitedAt)])
        }
    }

    static func connectionHistory(hostID: UUID?, _ connection: SQLiteConnection) throws -> [ConnectionHistoryEntry] {
        try connection.query(sql: """
            SELECT id, host_id, kind, opened_at FROM connection_history WHERE ?1 IS NULL OR host_id = ?1
            ORDER BY opened_at DESC, rowid DESC
            """, arguments: [.id(hostID)]).map { row in
            let kindText = try row.get("kind", as: String.self)
            guard let kind = ConnectionHistoryEntry.Kind(rawValue: kindText) else {
                throw row.damaged("a row of connection_history has the unknown kind '\(kindText)'")
            }
            return ConnectionHistoryEntry(
                id: try row.uuid("id"), hostID: try row.uuid("host_id"), kind: kind, openedAt: try row.date("opened_at"))
        }
    }

    static func commandHistory(hostID: UUID?, _ connection: SQLiteConnection) throws -> [CommandHistoryEntry] {
        try connection.query(sql: """
            SELECT id, host_id, command, started_at, exit_status, duration, working_directory FROM command_history
            WHERE ?1 IS NULL OR host_id = ?1 ORDER BY started_at DESC, rowid DESC
            """, arguments: [.id(hostID)]).map { row in
            CommandHistoryEntry(
                id: try row.uuid("id"), hostID: try row.uuid("host_id"), command: try row.get("command"),
                startedAt: try row.date("started_at"), exitStatus: try row.get("exit_status"),
                duration: try row.get("duration"), workingDirectory: try row.get("working_directory"))
        }
    }

    static func sftpHistory(hostID: UUID?, _ connection: SQLiteConnection) throws -> [SFTPHistoryEntry] {
        try connection.query(sql: """
            SELECT id, host_id, path, kind, visited_at FROM sftp_history WHERE ?1 IS NULL OR host_id = ?1
            ORDER BY visited_at DESC, rowid DESC
            """, arguments: [.id(hostID)]).map { row in
            let kindText = try row.get("kind", as: String.self)
            guard let kind = SFTPHistoryEntry.Kind(rawValue: kindText) else {
                throw row.damaged("a row of sftp_history has the unknown kind '\(kindText)'")
            }
            return SFTPHistoryEntry(
                id: try row.uuid("id"), hostID: try row.uuid("host_id"), path: try row.get("path"), kind: kind,
                visitedAt: try row.date("visited_at"))
        }
    }

    /// A history row for a Host that is not in the Vault (removed meanwhile) is refused.
    private static func insertingForHost(_ hostID: UUID, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SQLiteError where error.extendedCode == .constraintForeignKey {
            throw VaultRuleViolation.missingRecord(kind: .host, label: hostID.uuidString)
        }
    }
}
