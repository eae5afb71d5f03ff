import TermindDomain

/// The port that reads and makes private key files: OpenSSH (`openssh-key-v1`) and PEM,
/// encrypted or not. Private key text stays in `Secret`s; only public facts come back.
public protocol PrivateKeyCodec: Sendable {
    /// Reads a private key file. An encrypted key needs `passphrase` where its public half is
    /// not readable without it (PEM) or to verify it; a wrong one throws `PrivateKeyError`.
    func inspect(_ privateKey: Secret, passphrase: Secret?) throws -> PrivateKeyInfo
    /// A new key in OpenSSH format, unencrypted.
    func generate(_ algorithm: KeyAlgorithm, comment: String) throws -> (privateKey: Secret, info: PrivateKeyInfo)
}
