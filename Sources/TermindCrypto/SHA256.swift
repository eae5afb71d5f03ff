import COpenSSL

/// SHA-256, in one call (`SHA256.hash`) or incrementally, as the transfer engine keeps a
/// running checksum of a file while its chunks arrive.
/// Not thread-safe and not `Sendable` (see ``RunningDigest``).
public final class SHA256: RunningDigest {
    /// Length of a SHA-256 digest.
    public static let byteCount = 32

    /// Starts an empty running digest.
    public init() { super.init(EVP_sha256()) }

    private init(copying other: SHA256) { super.init(copying: other) }

    /// An independent running digest in this one's state: feeding either leaves the other as
    /// it was.
    public func copy() -> SHA256 { SHA256(copying: self) }

    /// The digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        RunningDigest.digest(bytes, algorithm: EVP_sha256())
    }
}
