import COpenSSL

/// The digests HMAC can be keyed with. A plain value; `Sendable`.
public enum HashFunction: Sendable, CaseIterable {
    case sha1
    case sha256
    case sha512

    /// Length of the digest, and so of an HMAC made with it.
    public var byteCount: Int {
        switch self {
        case .sha1: 20
        case .sha256: 32
        case .sha512: 64
        }
    }

    /// libcrypto's built-in method table; static, never freed.
    var evpMD: OpaquePointer {
        switch self {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        case .sha512: EVP_sha512()
        }
    }
}
