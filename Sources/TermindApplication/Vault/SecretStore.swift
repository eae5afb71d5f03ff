import Foundation
import TermindDomain

/// The port to sealed secrets: passwords, private keys and passphrases, sealed with
/// AES-256-GCM under the vault key and referenced from records by id. Unsealing happens only
/// when a connection is prepared or the person asks; nothing here logs a secret.
public protocol SecretStore: Sendable {
    /// Seals and stores `secret` on its own, returning its new id.
    func seal(_ secret: Secret) async throws -> UUID
    /// Seals `secret` without storing it: a record that names it is saved together with
    /// `VaultChange.storeSecret` in one transaction.
    func sealed(_ secret: Secret) async throws -> SealedSecret
    /// Throws `VaultUnavailable` (missing secret, wrong passphrase, key file mismatch).
    func unseal(_ id: UUID) async throws -> Secret
    func remove(_ ids: [UUID]) async throws
}
