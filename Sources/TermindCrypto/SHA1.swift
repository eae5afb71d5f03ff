import COpenSSL

/// SHA-1, in one call (`SHA1.hash`) or incrementally. Kept for what still needs it: legacy
/// fingerprints and interoperability; hashed known-hosts entries use ``HMAC`` with `.sha1`.
///
/// An instance owns one libcrypto digest context, freed in `deinit`. It is not thread-safe and
/// not `Sendable`: keep it in the one task or actor that feeds it.
public final class SHA1 {
    /// Length of a SHA-1 digest.
    public static let byteCount = 20

    private let context = DigestContext(EVP_sha1())

    /// Starts an empty running digest.
    public init() {}

    /// The SHA-1 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        DigestContext.digest(bytes, algorithm: EVP_sha1())
    }

    /// Feeds bytes from the caller's memory without copying them.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        context.update(bytes)
    }

    /// Feeds the bytes of an array without copying them.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { context.update($0) }
    }

    /// The digest of everything fed so far. Feeding may continue afterwards.
    public func finalize() -> [UInt8] {
        context.finalize()
    }
}

@available(*, unavailable, message: "owns a libcrypto context; keep it in one task")
extension SHA1: Sendable {}
