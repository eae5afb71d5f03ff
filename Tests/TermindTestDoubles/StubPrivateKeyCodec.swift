import TermindApplication
import TermindDomain

/// A `PrivateKeyCodec` that reads nothing: `inspect` returns the `PrivateKeyInfo` it was given
/// or throws the chosen `PrivateKeyError`, and `generate` returns a fixed private key text.
public struct StubPrivateKeyCodec: PrivateKeyCodec {
    public static let generatedPrivateKey = Secret("-----BEGIN OPENSSH PRIVATE KEY-----\ngenerated\n-----END OPENSSH PRIVATE KEY-----\n")

    public var inspected: Result<PrivateKeyInfo, PrivateKeyError>

    public init(inspecting info: PrivateKeyInfo = .unencryptedEd25519) { inspected = .success(info) }
    public init(failingWith error: PrivateKeyError) { inspected = .failure(error) }

    public func inspect(_ privateKey: Secret, passphrase: Secret?) throws -> PrivateKeyInfo {
        try inspected.get()
    }

    public func generate(_ algorithm: KeyAlgorithm, comment: String) throws -> (privateKey: Secret, info: PrivateKeyInfo) {
        let info = PrivateKeyInfo(
            format: .openSSH, algorithm: algorithm, bits: 256, publicKeyBlob: PrivateKeyInfo.ed25519Blob, comment: comment,
            isEncrypted: false, passphraseVerified: false)
        return (Self.generatedPrivateKey, info)
    }
}

extension PrivateKeyInfo {
    /// An ed25519 public key blob in SSH wire format (the type name, then 32 key bytes).
    public static let ed25519Blob: [UInt8] = [
        0, 0, 0, 11, 115, 115, 104, 45, 101, 100, 50, 53, 53, 49, 57, 0, 0, 0, 32,
    ] + Array(repeating: 7, count: 32)

    public static let unencryptedEd25519 = PrivateKeyInfo(
        format: .openSSH, algorithm: .ed25519, bits: 256, publicKeyBlob: ed25519Blob, comment: "deploy@laptop",
        isEncrypted: false, passphraseVerified: false)

    public static let encryptedEd25519 = PrivateKeyInfo(
        format: .openSSH, algorithm: .ed25519, bits: 256, publicKeyBlob: ed25519Blob, comment: "deploy@laptop",
        isEncrypted: true, passphraseVerified: true)
}
