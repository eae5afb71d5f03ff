import COpenSSL

/// A running digest: owns one libcrypto `EVP_MD_CTX`, freed in `deinit`. ``SHA256`` and
/// ``SHA1`` are its algorithms.
///
/// Not thread-safe and not `Sendable`: keep an instance in the one task or actor that feeds it.
public class RunningDigest {
    private let context: OpaquePointer
    private let algorithm: OpaquePointer

    init(_ algorithm: OpaquePointer) {
        self.algorithm = algorithm
        context = CryptoError.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
        CryptoError.require(EVP_DigestInit_ex(context, algorithm, nil), "EVP_DigestInit_ex")
    }

    /// A second running digest in the same state as `other`, going on independently
    /// (`EVP_MD_CTX_copy_ex`): a transfer keeps the digest of a prefix while hashing on.
    init(copying other: RunningDigest) {
        algorithm = other.algorithm
        context = CryptoError.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
        CryptoError.require(EVP_MD_CTX_copy_ex(context, other.context), "EVP_MD_CTX_copy_ex")
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Feeds bytes straight from the caller's memory; nothing is copied.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        CryptoError.require(EVP_DigestUpdate(context, base, bytes.count), "EVP_DigestUpdate")
    }

    /// Feeds the bytes of an array without copying them.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything fed so far. Finishes a copy of the state, so the running
    /// digest can go on and this can be asked again (a transfer checks progress mid-file).
    public func finalize() -> [UInt8] {
        let snapshot = CryptoError.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
        defer { EVP_MD_CTX_free(snapshot) }
        CryptoError.require(EVP_MD_CTX_copy_ex(snapshot, context), "EVP_MD_CTX_copy_ex")
        return Self.finish(snapshot, byteCount: Int(EVP_MD_get_size(algorithm)))
    }

    /// One call over a whole buffer, for the static `hash` functions.
    static func digest(_ bytes: [UInt8], algorithm: OpaquePointer) -> [UInt8] {
        let byteCount = Int(EVP_MD_get_size(algorithm))
        return [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            var length: UInt32 = 0
            bytes.withCBytes { input, count in
                CryptoError.require(
                    EVP_Digest(input, count, output.baseAddress, &length, algorithm, nil), "EVP_Digest")
            }
            initialized = Int(length)
        }
    }

    private static func finish(_ context: OpaquePointer, byteCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            var length: UInt32 = 0
            CryptoError.require(EVP_DigestFinal_ex(context, output.baseAddress, &length), "EVP_DigestFinal_ex")
            initialized = Int(length)
        }
    }
}

@available(*, unavailable, message: "owns a libcrypto context; keep it in one task")
extension RunningDigest: Sendable {}
