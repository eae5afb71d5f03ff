import COpenSSL

/// The scrypt password-based key derivation function (RFC 7914), used to turn a passphrase
/// into the vault key.
///
/// Stateless; safe from any thread. A call takes about `128 × r × n` bytes of memory and
/// time to match, which is the point.
public enum Scrypt {
    /// The memory ceiling handed to libcrypto (256 MiB). Its own default (32 MiB) refuses
    /// N = 2^17, r = 8, which needs 128 MiB.
    public static let maximumMemory: UInt64 = 256 * 1024 * 1024

    /// Derives `length` bytes from `passphrase` and `salt`.
    ///
    /// - Parameters:
    ///   - n: the CPU/memory cost, a power of two greater than 1.
    ///   - r: the block size.
    ///   - p: the parallelisation.
    /// - Throws: ``CryptoError`` when the parameters are invalid or need more than
    ///   ``maximumMemory``.
    public static func deriveKey(
        passphrase: [UInt8], salt: [UInt8], n: UInt64, r: UInt64, p: UInt64, length: Int
    ) throws(CryptoError) -> [UInt8] {
        // libcrypto refuses these without queueing a message, so say what is wrong here.
        guard n > 1, n & (n - 1) == 0 else { throw invalid("N must be a power of two above 1, got \(n)") }
        guard r > 0, p > 0 else { throw invalid("r and p must be positive, got r=\(r) p=\(p)") }
        guard length > 0 else { throw invalid("key length must be positive, got \(length)") }
        return try [UInt8](unsafeUninitializedCapacity: length) { (output, initialized) throws(CryptoError) in
            try passphrase.withCBytes { (passphrase, passphraseCount) throws(CryptoError) in
                try salt.withCBytes { (salt, saltCount) throws(CryptoError) in
                    // EVP_PBE_scrypt takes the passphrase as `const char *`; bytes are bytes.
                    let passphraseChars = UnsafeRawPointer(passphrase).assumingMemoryBound(to: CChar.self)
                    try CryptoError.check(
                        EVP_PBE_scrypt(
                            passphraseChars, passphraseCount, salt, saltCount, n, r, p, maximumMemory,
                            output.baseAddress, length),
                        "EVP_PBE_scrypt")
                }
            }
            initialized = length
        }
    }

    private static func invalid(_ detail: String) -> CryptoError {
        CryptoError(reason: .invalidParameter(detail), operation: "scrypt")
    }
}
