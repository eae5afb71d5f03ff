import Foundation

/// A write to the Vault. A list of changes is applied in one transaction: all or nothing.
public enum VaultChange: Sendable, Equatable {
    /// Inserts the record, or replaces the one with the same id.
    case save(VaultRecord)
    case remove(VaultRecordKind, id: UUID)
}
