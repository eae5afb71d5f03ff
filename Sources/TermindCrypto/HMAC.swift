import COpenSSL

/// Keyed-hash message authentication codes (RFC 2104) over SHA-1, SHA-256 or SHA-512.
///
/// Stateless: each call makes and frees its own libcrypto state, so it is safe from any thread.
/// Compare codes with ``ConstantTime/equals(_:_:)``, never with `==`.
public enum HMAC {
    /// The HMAC of `message` under `key` with `digest`; `digest.byteCount` bytes long.
    public static func authenticationCode(
        for message: [UInt8], key: [UInt8], digest: HashFunction
    ) -> [UInt8] {
        precondition(key.count <= Int(Int32.max), "HMAC key longer than libcrypto accepts")
        return [UInt8](unsafeUninitializedCapacity: digest.byteCount) { output, initialized in
            var length: UInt32 = 0
            key.withCBytes { key, keyCount in
                message.withCBytes { message, messageCount in
                    // The one-shot HMAC() stays undeprecated in OpenSSL 3 (only HMAC_CTX went).
                    let result = COpenSSL.HMAC(
                        digest.evpMD, key, Int32(keyCount), message, messageCount, output.baseAddress, &length)
                    _ = CryptoError.require(result, "HMAC")
                }
            }
            initialized = Int(length)
        }
    }
}
