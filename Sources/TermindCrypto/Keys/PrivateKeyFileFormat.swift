/// The private key file formats this module reads, told apart by their PEM labels.
public enum PrivateKeyFileFormat: String, Sendable, Equatable {
    /// `-----BEGIN OPENSSH PRIVATE KEY-----` (`openssh-key-v1`): ``OpenSSHPrivateKeyFile``.
    case openSSH
    /// PKCS#8 (`PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`) or traditional (`RSA PRIVATE KEY`,
    /// `EC PRIVATE KEY`, `DSA PRIVATE KEY`): ``PEMPrivateKeyFile``.
    case pem

    /// The format of `text`, or nil when it holds no private key block at all.
    public init?(detecting text: [UInt8]) {
        let content = String(decoding: text, as: UTF8.self)
        if content.contains("-----BEGIN OPENSSH PRIVATE KEY-----") {
            self = .openSSH
        } else if content.contains("-----BEGIN "), content.contains("PRIVATE KEY-----") {
            self = .pem
        } else {
            return nil
        }
    }
}
