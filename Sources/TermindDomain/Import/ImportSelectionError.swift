/// A selection that breaks a rule of the import (docs/behaviour.md §6): nothing is written. Each case says
/// which item and what to do.
public enum ImportSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownItem(kind: VaultRecordKind, name: String)
    case notImportable(kind: VaultRecordKind, name: String, status: ImportStatus)
    /// An imported Identity requires its Key: selected too, or already in the Vault.
    case identityNeedsKey(identity: String, key: String)
    /// An encrypted PEM key cannot be read without its passphrase, and none may be asked.
    case keyNeedsPassphrase(key: String)

    public var description: String {
        switch self {
        case .unknownItem(let kind, let name):
            "no \(kind.singular) '\(name)' in the preview; 'termind import --dry-run' lists them with their indexes"
        case .notImportable(let kind, let name, let status):
            "the \(kind.singular) '\(name)' cannot be imported (\(status.name)): \(status.reason ?? "")"
        case .identityNeedsKey(let identity, let key):
            "the Identity '\(identity)' needs its Key '\(key)': select that Key too (--keys \(key))"
        case .keyNeedsPassphrase(let key):
            "the Key '\(key)' is an encrypted PEM key, readable only with its passphrase: add --ask-passphrases or leave it out"
        }
    }
}
