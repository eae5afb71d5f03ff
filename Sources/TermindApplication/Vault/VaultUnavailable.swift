/// The Vault cannot be used: the store is corrupt, newer, locked or unwritable, the
/// passphrase is wrong, the key file is unsafe or does not fit, or a secret is missing.
/// Exits 9. The message names the file (or record) and the cause and says what to do; the
/// store itself is left exactly as it was.
public struct VaultUnavailable: CategorizedFailure, Equatable {
    public enum Cause: Sendable, Equatable {
        case corrupt(detail: String)
        case newerSchema(found: Int, supported: Int)
        case noPermission(detail: String)
        case locked(seconds: Double)
        case wrongPassphrase
        case passphraseRequired
        case keyFileUnsafe(mode: UInt16)
        case keyFileMismatch
        case missingSecret(record: String)
        case other(detail: String)
    }

    /// The database, key file, or record the failure is about.
    public let location: String
    public let cause: Cause

    public init(location: String, cause: Cause) {
        self.location = location
        self.cause = cause
    }

    public var exitCode: ExitCode { .vaultUnavailable }

    public var description: String {
        switch cause {
        case .corrupt(let detail):
            "the Vault at \(location) is damaged (\(detail)); it was left untouched: restore it from a backup or move it aside"
        case .newerSchema(let found, let supported):
            "the Vault at \(location) was written by a newer Termind (schema \(found), this one knows up to \(supported)); it was left untouched: upgrade termind"
        case .noPermission(let detail):
            "cannot write the Vault at \(location): \(detail); check the directory's owner and permissions, or use --data-dir"
        case .locked(let seconds):
            "the Vault at \(location) stayed locked by another process for \(String(format: "%.1f", seconds)) s; close the other termind or retry"
        case .wrongPassphrase:
            "the master passphrase does not open the Vault at \(location); try again (TERMIND_VAULT_PASSPHRASE or the prompt)"
        case .passphraseRequired:
            "the Vault at \(location) is sealed with a master passphrase and nothing may prompt; set TERMIND_VAULT_PASSPHRASE or run on a terminal"
        case .keyFileUnsafe(let mode):
            "the vault key file \(location) is readable by others (mode \(String(mode, radix: 8))); run 'chmod 600 \(location)'"
        case .keyFileMismatch:
            "the vault key file \(location) does not open this Vault's secrets; restore the original key file"
        case .missingSecret(let record):
            "the secret of \(record) is missing from the Vault at \(location); set it again"
        case .other(let detail):
            "the Vault at \(location) cannot be used: \(detail)"
        }
    }
}
