import TermindDomain

/// Why an import read or commit stopped. Every case means nothing was written; the message
/// names the file and says what to do. Exits 1 (the Vault's own failures keep their codes).
public enum ImportFailure: CategorizedFailure, Equatable {
    case folderUnreadable(path: String, reason: String)
    /// A selected key file is gone or cannot be read any more.
    case sourceUnreadable(path: String, reason: String)
    /// A selected key file's content is not what the preview read (its SHA-256 differs).
    case sourceChanged(path: String)
    /// The key file now holds another key than the preview showed (or its `.pub` said).
    case keyMismatch(path: String)
    /// The key file cannot be used (wrong passphrase three times, damaged...).
    case unusableKey(path: String, reason: String)
    /// An encrypted PEM key needs its passphrase and none was given.
    case passphraseRequired(path: String)
    /// A record the plan would add is now in the way (another process wrote to the Vault).
    case vaultChanged(detail: String)

    public var exitCode: ExitCode { .failure }

    public var description: String {
        switch self {
        case .folderUnreadable(let path, let reason):
            "cannot read the folder \(path): \(reason); name the folder to import from: termind import DIR --dry-run"
        case .sourceUnreadable(let path, let reason):
            "cannot read \(path) again: \(reason); nothing was written"
        case .sourceChanged(let path):
            "\(path) changed since the preview (its SHA-256 differs); nothing was written: "
                + "run the import again to see it as it is now"
        case .keyMismatch(let path):
            "\(path) holds another key than the preview showed (or than its .pub file says); nothing was written: "
                + "check the file and run the import again"
        case .unusableKey(let path, let reason):
            "\(path): \(reason); nothing was written"
        case .passphraseRequired(let path):
            "\(path) is an encrypted PEM key, readable only with its passphrase; nothing was written: "
                + "import with --ask-passphrases on a terminal, or leave it out"
        case .vaultChanged(let detail):
            "the Vault changed since the preview: \(detail); nothing was written: run the import again"
        }
    }
}
