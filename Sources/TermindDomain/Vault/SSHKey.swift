import Foundation

/// A Key in the Vault: the metadata of a private key whose bytes are sealed in the secret
/// store. The public half is kept in the clear (it is public) so `keys show` and
/// `export-public` never unseal anything.
public struct SSHKey: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var label: Label
    public let algorithm: KeyAlgorithm
    /// Bits for RSA and ECDSA (256 for ed25519), as `ssh-keygen -l` prints them.
    public let bits: Int
    /// The public key in SSH wire format.
    public let publicKeyBlob: [UInt8]
    public var comment: String
    /// The sealed private key file (OpenSSH or PEM text, possibly still encrypted).
    public let privateKeySecretID: UUID
    /// Whether the stored private key is itself encrypted with a passphrase.
    public let isEncrypted: Bool
    /// The sealed passphrase, when the person chose to store it with the key.
    public var passphraseSecretID: UUID?
    public let createdAt: Date

    public init(
        id: UUID = UUID(), label: Label, algorithm: KeyAlgorithm, bits: Int, publicKeyBlob: [UInt8],
        comment: String = "", privateKeySecretID: UUID, isEncrypted: Bool, passphraseSecretID: UUID? = nil,
        createdAt: Date = Date()
    ) {
        self.id = id
        self.label = label
        self.algorithm = algorithm
        self.bits = bits
        self.publicKeyBlob = publicKeyBlob
        self.comment = comment
        self.privateKeySecretID = privateKeySecretID
        self.isEncrypted = isEncrypted
        self.passphraseSecretID = passphraseSecretID
        self.createdAt = createdAt
    }

    public var fingerprint: KeyFingerprint { KeyFingerprint(blob: publicKeyBlob) }

    /// The `authorized_keys` line: `ssh-ed25519 AAAA... comment`.
    public var publicKeyLine: String {
        let line = "\(algorithm.rawValue) \(Data(publicKeyBlob).base64EncodedString())"
        return comment.isEmpty ? line : "\(line) \(comment)"
    }
}
