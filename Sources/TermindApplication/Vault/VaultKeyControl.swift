import TermindDomain

/// The port for where the vault key comes from: the key file, or a master passphrase
/// through scrypt. Switching re-seals every secret in one transaction.
public protocol VaultKeyControl: Sendable {
    func status() async throws -> VaultStatus
    /// Sets (or changes) the master passphrase; every secret is re-sealed under it.
    func setPassphrase(_ passphrase: Secret) async throws
    /// Returns to the key file; every secret is re-sealed under it.
    func clearPassphrase() async throws
}
