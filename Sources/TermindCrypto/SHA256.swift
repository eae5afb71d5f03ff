import COpenSSL

/// SHA-256, in one call (`SHA256.hash`) or incrementally, as the transfer engine keeps a
/// running checksum of a file while its chunks arrive.
///
/// An instance owns one libcrypto digest context, freed in `deinit`. It is not thread-safe and
/// not `Sendable`: keep it in the one task or actor that feeds it.
public final class SHA256 {
    /// Length of a SHA-256 digest.
    public static let byteCount = 32

    private let context = DigestContext(EVP_sha256())

    /// Starts an empty running digest.
    public init() {}

    /// The SHA-256 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        DigestContext.digest(bytes, algorithm: EVP_sha256())
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
extension SHA256: Sendable {}
