import COpenSSL

/// AES-256 in Galois/Counter Mode: authenticated encryption for the vault's sealed secrets.
///
/// Stateless: each call makes and frees its own libcrypto cipher context, so it is safe from
/// any thread. Never seal two messages under one key with the same nonce; leave `nonce` nil and
/// a fresh random one is drawn.
public enum AESGCM {
    /// Key length for AES-256.
    public static let keyByteCount = 32
    /// Nonce length: the 96 bits GCM is designed around.
    public static let nonceByteCount = 12
    /// Tag length: the full 128 bits.
    public static let tagByteCount = 16

    /// Encrypts `plaintext` and authenticates it together with `aad`, which is not encrypted
    /// but must be given again, unchanged, to ``open(_:key:authenticating:)``.
    ///
    /// - Parameter nonce: 12 bytes, or nil for 12 fresh random bytes.
    /// - Throws: ``CryptoError`` for a key that is not 32 bytes, a nonce that is not 12, or a
    ///   libcrypto failure.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]? = nil, authenticating aad: [UInt8] = []
    ) throws(CryptoError) -> SealedBox {
        try validate(key: key, operation: "AES-256-GCM seal")
        let chosenNonce: [UInt8]
        if let nonce { chosenNonce = nonce } else { chosenNonce = try SecureRandom.bytes(count: nonceByteCount) }
        try validate(nonce: chosenNonce, operation: "AES-256-GCM seal")

        let context = CryptoError.require(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new")
        defer { EVP_CIPHER_CTX_free(context) }
        try start(context, encrypting: true, key: key, nonce: chosenNonce)
        try feed(context, aad, into: nil)
        let ciphertext = try [UInt8](unsafeUninitializedCapacity: plaintext.count) {
            (output, initialized) throws(CryptoError) in
            try feed(context, plaintext, into: output.baseAddress)
            initialized = plaintext.count
        }
        try finish(context, operation: "EVP_CipherFinal_ex", reason: .libraryFailure)
        var tag = [UInt8](repeating: 0, count: tagByteCount)
        try CryptoError.check(
            termind_evp_gcm_get_tag(context, Int32(tagByteCount), &tag), "EVP_CTRL_GCM_GET_TAG")
        return try SealedBox(nonce: chosenNonce, ciphertext: ciphertext, tag: tag)
    }

    /// Decrypts `box` after checking its tag against the key, the ciphertext, the nonce and `aad`.
    ///
    /// - Throws: ``CryptoError`` with reason ``CryptoError/Reason/authenticationFailure`` when the
    ///   key is wrong or anything was altered; no plaintext is returned then.
    public static func open(
        _ box: SealedBox, key: [UInt8], authenticating aad: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try validate(key: key, operation: "AES-256-GCM open")

        let context = CryptoError.require(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new")
        defer { EVP_CIPHER_CTX_free(context) }
        try start(context, encrypting: false, key: key, nonce: box.nonce)
        try feed(context, aad, into: nil)
        return try [UInt8](unsafeUninitializedCapacity: box.ciphertext.count) {
            (output, initialized) throws(CryptoError) in
            try feed(context, box.ciphertext, into: output.baseAddress)
            initialized = box.ciphertext.count
            try box.tag.withCBytes { (tag, count) throws(CryptoError) in
                // OpenSSL copies the expected tag; the pointer is only non-const in its prototype.
                try CryptoError.check(
                    termind_evp_gcm_set_tag(context, Int32(count), UnsafeMutableRawPointer(mutating: tag)),
                    "EVP_CTRL_GCM_SET_TAG")
            }
            do throws(CryptoError) {
                try finish(context, operation: "AES-256-GCM open", reason: .authenticationFailure)
            } catch {
                // Unauthenticated plaintext must not linger in freed memory.
                output.update(repeating: 0)
                throw error
            }
        }
    }

    private static func validate(key: [UInt8], operation: String) throws(CryptoError) {
        guard key.count == keyByteCount else {
            throw CryptoError(
                reason: .invalidKeySize(expected: keyByteCount, actual: key.count), operation: operation)
        }
    }

    static func validate(nonce: [UInt8], operation: String) throws(CryptoError) {
        guard nonce.count == nonceByteCount else {
            throw CryptoError(
                reason: .invalidNonceSize(expected: nonceByteCount, actual: nonce.count), operation: operation)
        }
    }

    private static func start(
        _ context: OpaquePointer, encrypting: Bool, key: [UInt8], nonce: [UInt8]
    ) throws(CryptoError) {
        let direction: Int32 = encrypting ? 1 : 0
        // Two steps: the IV length must be set after choosing the cipher and before the IV.
        try CryptoError.check(
            EVP_CipherInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil, direction), "EVP_CipherInit_ex")
        try CryptoError.check(
            termind_evp_gcm_set_ivlen(context, Int32(nonce.count)), "EVP_CTRL_GCM_SET_IVLEN")
        try key.withCBytes { (key, _) throws(CryptoError) in
            try nonce.withCBytes { (nonce, _) throws(CryptoError) in
                try CryptoError.check(
                    EVP_CipherInit_ex(context, nil, nil, key, nonce, direction), "EVP_CipherInit_ex")
            }
        }
    }

    /// Feeds `input` through the cipher (or, with no output, as authenticated data) in pieces
    /// libcrypto's `int` lengths can carry. GCM is a stream mode: output length = input length.
    private static func feed(
        _ context: OpaquePointer, _ input: [UInt8], into output: UnsafeMutablePointer<UInt8>?
    ) throws(CryptoError) {
        let pieceLimit = 1 << 30
        try input.withCBytes { (base, count) throws(CryptoError) in
            var offset = 0
            while offset < count {
                let piece = min(pieceLimit, count - offset)
                var written: Int32 = 0
                try CryptoError.check(
                    EVP_CipherUpdate(context, output.map { $0 + offset }, &written, base + offset, Int32(piece)),
                    "EVP_CipherUpdate")
                offset += piece
            }
        }
    }

    private static func finish(
        _ context: OpaquePointer, operation: String, reason: CryptoError.Reason
    ) throws(CryptoError) {
        // GCM's final step writes no bytes; the buffer only satisfies the prototype.
        var scratch = [UInt8](repeating: 0, count: 16)
        var written: Int32 = 0
        try CryptoError.check(EVP_CipherFinal_ex(context, &scratch, &written), operation, reason: reason)
    }
}
