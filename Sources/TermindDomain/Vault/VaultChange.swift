import Foundation

/// A write to the Vault. A list of changes is applied in one transaction: all or nothing.
public enum VaultChange: Sendable, Equatable {
    /// Inserts the record, or replaces the one with the same id.
    case save(VaultRecord)
    case remove(VaultRecordKind, id: UUID)
    /// Stores a secret sealed beforehand; it goes with the record that names it, in the same
    /// list, so neither is ever written without the other.
    case storeSecret(SealedSecret)
    /// Removes a sealed secret, in the same list as the change that stops naming it.
    case removeSecret(UUID)
}
