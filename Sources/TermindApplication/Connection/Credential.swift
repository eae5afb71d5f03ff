import TermindDomain

/// One way to authenticate that the Vault (or the command line) supplies.
public enum Credential: Sendable {
    /// A private key file's text (OpenSSH or PEM). An encrypted key without a stored
    /// passphrase asks for it through the interaction queue when it is tried.
    case key(label: String, privateKey: Secret, passphrase: Secret?, isEncrypted: Bool, algorithm: KeyAlgorithm)
    /// A stored password, offered to `password` authentication (never to keyboard-interactive
    /// rounds, whose answers are always asked).
    case password(Secret)
}
