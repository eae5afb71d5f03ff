import COpenSSL

/// SHA-1, in one call (`SHA1.hash`) or incrementally. Kept for what still needs it: legacy
/// fingerprints and interoperability; hashed known-hosts entries use ``HMAC`` with `.sha1`.
/// Not thread-safe and not `Sendable` (see ``RunningDigest``).
public final class SHA1: RunningDigest {
    /// Length of a SHA-1 digest.
    public static let byteCount = 20

    /// Starts an empty running digest.
    public init() { super.init(EVP_sha1()) }

    /// The digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        RunningDigest.digest(bytes, algorithm: EVP_sha1())
    }
}
