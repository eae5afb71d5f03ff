import TermindDomain

/// The public facts of a private key file, safe to show and store in the clear.
public struct PrivateKeyInfo: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable { case openSSH = "openssh", pem }

    public let format: Format
    public let algorithm: KeyAlgorithm
    public let bits: Int
    public let publicKeyBlob: [UInt8]
    public let comment: String
    public let isEncrypted: Bool
    /// Whether the passphrase given to `inspect` was checked against the key.
    public let passphraseVerified: Bool

    public init(
        format: Format, algorithm: KeyAlgorithm, bits: Int, publicKeyBlob: [UInt8], comment: String,
        isEncrypted: Bool, passphraseVerified: Bool
    ) {
        self.format = format
        self.algorithm = algorithm
        self.bits = bits
        self.publicKeyBlob = publicKeyBlob
        self.comment = comment
        self.isEncrypted = isEncrypted
        self.passphraseVerified = passphraseVerified
    }
}
