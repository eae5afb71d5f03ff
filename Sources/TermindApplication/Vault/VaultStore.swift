import Foundation
import TermindDomain

/// The port to the Vault's records and histories. Each call is one transaction; `apply`
/// writes all its changes or none. Implementations may be shared by several processes at
/// once (a TUI and a script) and throw `VaultUnavailable` when the store cannot be used,
/// and `VaultRuleViolation.duplicateLabel` when a label is taken.
public protocol VaultStore: Sendable {
    func snapshot() async throws -> VaultSnapshot
    func apply(_ changes: [VaultChange]) async throws
    /// Reads the Vault, lets `decide` check the rules against what is there and say what to
    /// change, and writes that, all in one write transaction: another process's edit lands
    /// wholly before or after, never between the read and the write. Nothing is written when
    /// `decide` throws.
    func update<T: Sendable>(_ decide: @escaping @Sendable (VaultSnapshot) throws -> VaultUpdate<T>) async throws -> T

    func record(_ entry: ConnectionHistoryEntry) async throws
    func record(_ entry: CommandHistoryEntry) async throws
    func record(_ entry: SFTPHistoryEntry) async throws
    /// Newest first; nil means every Host.
    func connectionHistory(hostID: UUID?) async throws -> [ConnectionHistoryEntry]
    func commandHistory(hostID: UUID?) async throws -> [CommandHistoryEntry]
    func sftpHistory(hostID: UUID?) async throws -> [SFTPHistoryEntry]
}
