import TermindCrypto

/// The SHA-256 of a file's bytes, taken when the import preview reads it. The preview keeps this
/// instead of the bytes, so no private-key text outlives classification, and commit compares it
/// with a fresh read to refuse a file that changed in between.
///
/// A pure value; safe to pass between threads.
public struct FileDigest: Sendable, Hashable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let sha256: [UInt8]

    /// The digest of `content`.
    public init(of content: [UInt8]) {
        sha256 = SHA256.hash(content)
    }

    /// The digest of a secret's bytes (a private key file as read), without copying them out.
    public init(of content: Secret) {
        sha256 = content.withByteArray { SHA256.hash($0) }
    }

    /// Lower-case hexadecimal, as `sha256sum` prints it.
    public var hex: String { sha256.hexString }

    public var description: String { "sha256:" + hex }
}
