/// Why a private key file, a public key blob or a key operation could not be used.
///
/// A plain value; `Sendable`. Its text names the file's structure, the key type or the cipher
/// that is at fault, never bytes of a key.
public enum SSHKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a key file of a known format, or its structure is damaged or truncated.
    case malformed(String)
    /// A well-formed key of a type, cipher or KDF this reader does not handle (DSA, FIDO keys,
    /// chacha20-poly1305...).
    case unsupported(String)
    /// The key is encrypted and no passphrase was given.
    case passphraseRequired
    /// The passphrase given does not decrypt the key.
    case wrongPassphrase
    /// libcrypto refused an operation on a key it had accepted.
    case library(CryptoError)

    public var description: String {
        switch self {
        case let .malformed(detail): "not a usable key file: \(detail)"
        case let .unsupported(detail): "unsupported key: \(detail)"
        case .passphraseRequired: "the private key is encrypted and no passphrase was given"
        case .wrongPassphrase: "the passphrase does not decrypt the private key"
        case let .library(error): error.description
        }
    }
}
