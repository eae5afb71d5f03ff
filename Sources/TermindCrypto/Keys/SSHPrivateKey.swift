import COpenSSL

/// A usable private key (decrypted, checked against its public half) of a type SSH supports:
/// ed25519, ECDSA on P-256/384/521, or RSA. Made by reading an OpenSSH or PEM key file, or by
/// generating a new key; written back as an unencrypted `openssh-key-v1` file.
///
/// Owns a libcrypto key, freed in `deinit`. Not thread-safe and not `Sendable`: keep it in the
/// task that read it, and keep only its ``publicKey`` (a plain value) beyond that. It prints as
/// its type, never its bytes.
public final class SSHPrivateKey: CustomStringConvertible, CustomReflectable {
    /// The public half, as a key line or fingerprint needs it.
    public let publicKey: SSHPublicKey
    /// The comment an OpenSSH key file carries (usually `user@host`); empty for PEM keys.
    public var comment: String
    let key: EVPKey

    /// The key's type.
    public var type: SSHKeyType { publicKey.type }

    public var description: String { "\(type.rawValue) private key" }
    public var customMirror: Mirror { Mirror(self, children: ["type": type.rawValue]) }

    /// Wraps a libcrypto key, working out its SSH type and public blob.
    /// - Throws: ``SSHKeyError/unsupported(_:)`` for DSA, other curves, RSA-PSS and the rest.
    init(key: EVPKey, comment: String) throws(SSHKeyError) {
        self.key = key
        self.comment = comment
        publicKey = try Self.publicKey(of: key)
    }

    /// A new key from libcrypto's generator.
    ///
    /// - Parameter rsaBits: the modulus size for ``SSHKeyType/rsa`` (2048 at least).
    public static func generate(
        _ type: SSHKeyType, comment: String = "", rsaBits: Int = 3072
    ) throws(SSHKeyError) -> SSHPrivateKey {
        let key: EVPKey
        do throws(CryptoError) {
            switch type {
            case .ed25519:
                key = try EVPKey.generate("ED25519")
            case .ecdsaP256, .ecdsaP384, .ecdsaP521:
                let group = type.openSSLGroupName ?? ""
                key = try EVPKey.generate("EC") { EVP_PKEY_CTX_set_group_name($0, group) }
            case .rsa:
                guard rsaBits >= 2048, rsaBits <= 16384 else {
                    throw CryptoError(reason: .invalidParameter("RSA keys need 2048 to 16384 bits, not \(rsaBits)"),
                                      operation: "generate RSA key")
                }
                key = try EVPKey.generate("RSA") { EVP_PKEY_CTX_set_rsa_keygen_bits($0, Int32(rsaBits)) }
            }
        } catch {
            throw .library(error)
        }
        return try SSHPrivateKey(key: key, comment: comment)
    }

    private static func publicKey(of key: EVPKey) throws(SSHKeyError) -> SSHPublicKey {
        var blob = SSHWireWriter()
        do {
            if key.isA("ED25519") {
                blob.writeString(SSHKeyType.ed25519.rawValue)
                blob.writeString(try key.rawPublicKey())
            } else if key.isA("EC") {
                let group = try key.text("group")
                guard let type = SSHKeyType.ecdsa(openSSLGroupName: group), let curve = type.curveIdentifier else {
                    throw SSHKeyError.unsupported("ECDSA on curve \(group); SSH uses P-256, P-384 or P-521")
                }
                // SSH wants the uncompressed point; a key read from a file may prefer compressed.
                try? key.setText("point-format", "uncompressed")
                blob.writeString(type.rawValue)
                blob.writeString(curve)
                blob.writeString(try key.octets("pub"))
            } else if key.isA("RSA") {
                blob.writeString(SSHKeyType.rsa.rawValue)
                blob.writePositiveMPInt(magnitude: try key.bigNumber("e"))
                blob.writePositiveMPInt(magnitude: try key.bigNumber("n"))
            } else if key.isA("DSA") {
                throw SSHKeyError.unsupported(SSHKeyType.whyUnsupported("ssh-dss"))
            } else {
                let name = EVP_PKEY_get0_type_name(key.pointer).map { String(cString: $0) } ?? "unknown"
                throw SSHKeyError.unsupported("\(name) keys; SSH keys are ed25519, ECDSA or RSA")
            }
        } catch let error as SSHKeyError {
            throw error
        } catch let error as CryptoError {
            throw .library(error)
        } catch {
            throw .malformed("\(error)")
        }
        return try SSHPublicKey(blob: blob.bytes)
    }
}

@available(*, unavailable, message: "owns a libcrypto key; keep it in one task")
extension SSHPrivateKey: Sendable {}
