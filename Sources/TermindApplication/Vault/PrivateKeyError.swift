/// A private key file that cannot be used: not a key, an unsupported type or cipher, a
/// missing or wrong passphrase. The description says which, never the key's bytes.
public enum PrivateKeyError: CategorizedFailure, Equatable {
    case notAPrivateKey(detail: String)
    case unsupported(detail: String)
    case passphraseRequired
    case wrongPassphrase

    public var exitCode: ExitCode { .failure }

    public var description: String {
        switch self {
        case .notAPrivateKey(let detail): "not a private key file: \(detail)"
        case .unsupported(let detail): "unsupported private key: \(detail)"
        case .passphraseRequired: "the private key is encrypted: give its passphrase (--passphrase-stdin or the prompt)"
        case .wrongPassphrase: "the passphrase does not decrypt this private key"
        }
    }
}
