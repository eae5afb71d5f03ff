/// The public facts of a key found by the import: what the Vault's Key record stores in the
/// clear. Never any private bytes.
public struct ImportPublicKey: Sendable, Hashable {
    public let algorithm: KeyAlgorithm
    public let bits: Int
    /// The public key in SSH wire format.
    public let blob: [UInt8]
    public let comment: String

    public init(algorithm: KeyAlgorithm, bits: Int, blob: [UInt8], comment: String) {
        self.algorithm = algorithm
        self.bits = bits
        self.blob = blob
        self.comment = comment
    }

    public var fingerprint: KeyFingerprint { KeyFingerprint(blob: blob) }
}
