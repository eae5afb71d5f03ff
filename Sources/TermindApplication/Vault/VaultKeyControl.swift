import TermindDomain

/// The port for where the vault key comes from: the key file, or a master passphrase
/// through scrypt. Switching re-seals every secret in one transaction.
public protocol VaultKeyControl: Sendable {
    func status() async throws -> VaultStatus
    /// Sets (or changes) the master passphrase; every secret is re-sealed under it. Returns the
    /// path of the key file that sealed them before when it is still there: it no longer opens
    /// this Vault but still opens older copies of it (backups), so the person decides.
    @discardableResult
    func setPassphrase(_ passphrase: Secret) async throws -> String?
    /// Removes the key file once the secrets are sealed under a passphrase; returns whether a
    /// file was removed. Refused while the key file is what seals them.
    func removeRetiredKeyFile() async throws -> Bool
    /// Returns to the key file; every secret is re-sealed under it.
    func clearPassphrase() async throws
}
