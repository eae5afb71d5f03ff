import COpenSSL

/// Cryptographically secure random bytes from libcrypto's DRBG (seeded by the kernel).
///
/// Stateless from the caller's side; libcrypto keeps per-thread generators, so it is safe from
/// any thread.
public enum SecureRandom {
    /// `count` random bytes. Throws only if libcrypto cannot seed its generator.
    public static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        precondition(count >= 0 && count <= Int(Int32.max), "random byte count out of range: \(count)")
        return try [UInt8](unsafeUninitializedCapacity: count) { (output, initialized) throws(CryptoError) in
            if let base = output.baseAddress, count > 0 {
                try CryptoError.check(RAND_bytes(base, Int32(count)), "RAND_bytes")
            }
            initialized = count
        }
    }
}
