import Foundation
import TermindApplication
import TermindDomain

/// The Vault's records and histories in SQLite: the `VaultStore` the program uses.
///
/// A value over the shared `VaultDatabase` actor, so `Sendable` and usable from any task;
/// every call is one transaction on that actor. `snapshot()` reads everything in one read
/// transaction; `apply(_:)` writes its changes in order in one write transaction, all or none.
///
/// Saving inserts or updates in place (never delete-and-insert, which would cascade to a
/// Host's histories). A record must come after what it references within one `apply`: hops
/// before the Hosts that jump through them, a Key before its Identity.
///
/// The database enforces the rules too: a taken label is `VaultRuleViolation.duplicateLabel`;
/// removing an Identity, Key or Host that is still used fails with `.recordInUse` naming the
/// users (the application unbinds them first); removing a Host removes its jump rows, tags and
/// its three histories, never Known Hosts. Command history keeps the newest 1,000 rows per Host.
/// Sealed secrets are stored and removed in the same transaction as the records naming them.
public struct SQLiteVaultStore: VaultStore {
    /// The most command history rows kept per Host; older ones are dropped on insert.
    public static let commandHistoryLimit = 1000

    public let database: VaultDatabase

    public init(database: VaultDatabase) {
        self.database = database
    }

    public func snapshot() async throws -> VaultSnapshot {
        try await database.read { try Self.readSnapshot($0) }
    }

    public func apply(_ changes: [VaultChange]) async throws {
        guard !changes.isEmpty else { return }
        try await database.write { try Self.write(changes, $0) }
    }

    public func update<T: Sendable>(_ decide: @escaping @Sendable (VaultSnapshot) throws -> VaultUpdate<T>) async throws -> T {
        try await database.write { connection in
            let decision = try decide(try Self.readSnapshot(connection))
            try Self.write(decision.changes, connection)
            return decision.result
        }
    }

    private static func write(_ changes: [VaultChange], _ connection: SQLiteConnection) throws {
        for change in changes {
            switch change {
            case .save(let record): try save(record, connection)
            case .remove(let kind, let id): try remove(kind, id: id, connection)
            case .storeSecret(let sealed): try SealedSecretStore.store(sealed, connection)
            case .removeSecret(let id): try connection.execute(sql: "DELETE FROM secrets WHERE id = ?", arguments: [.id(id)])
            }
        }
    }

    // MARK: Histories

    public func record(_ entry: ConnectionHistoryEntry) async throws {
        try await database.write { try Self.insert(entry, $0) }
    }

    public func record(_ entry: CommandHistoryEntry) async throws {
        try await database.write { try Self.insert(entry, $0) }
    }

    public func record(_ entry: SFTPHistoryEntry) async throws {
        try await database.write { try Self.insert(entry, $0) }
    }

    public func connectionHistory(hostID: UUID?) async throws -> [ConnectionHistoryEntry] {
        try await database.read { try Self.connectionHistory(hostID: hostID, $0) }
    }

    public func commandHistory(hostID: UUID?) async throws -> [CommandHistoryEntry] {
        try await database.read { try Self.commandHistory(hostID: hostID, $0) }
    }

    public func sftpHistory(hostID: UUID?) async throws -> [SFTPHistoryEntry] {
        try await database.read { try Self.sftpHistory(hostID: hostID, $0) }
    }
}
