import COpenSSL

/// Owns one libcrypto `EVP_PKEY` (an ed25519, ECDSA or RSA key, private or public), freed in
/// `deinit`, and reads its parts in the forms SSH needs.
///
/// Not thread-safe and not `Sendable`: it lives inside one ``SSHPrivateKey``.
final class EVPKey {
    let pointer: OpaquePointer

    /// Takes ownership of a key libcrypto returned.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// Whether libcrypto's key manager for `name` (`ED25519`, `EC`, `RSA`, `DSA`) owns this key.
    func isA(_ name: String) -> Bool {
        EVP_PKEY_is_a(pointer, name) == 1
    }

    /// The raw 32-byte public key of an ed25519 key.
    func rawPublicKey() throws(CryptoError) -> [UInt8] {
        try raw(EVP_PKEY_get_raw_public_key, "EVP_PKEY_get_raw_public_key")
    }

    /// The raw 32-byte private key (the seed) of an ed25519 key.
    func rawPrivateKey() throws(CryptoError) -> [UInt8] {
        try raw(EVP_PKEY_get_raw_private_key, "EVP_PKEY_get_raw_private_key")
    }

    /// A big-number parameter (`n`, `e`, `d`, `priv`, `rsa-factor1`...) as its big-endian
    /// magnitude without leading zeros.
    func bigNumber(_ name: String) throws(CryptoError) -> [UInt8] {
        var number: OpaquePointer?
        try CryptoError.check(EVP_PKEY_get_bn_param(pointer, name, &number), "EVP_PKEY_get_bn_param(\(name))")
        guard let number else {
            throw CryptoError(reason: .libraryFailure, operation: "EVP_PKEY_get_bn_param(\(name))")
        }
        defer { BN_clear_free(number) }
        return BigNumber.magnitude(of: number)
    }

    /// An octet-string parameter (`pub`, the encoded EC point).
    func octets(_ name: String) throws(CryptoError) -> [UInt8] {
        var length = 0
        try CryptoError.check(
            EVP_PKEY_get_octet_string_param(pointer, name, nil, 0, &length), "EVP_PKEY_get_octet_string_param(\(name))")
        return try [UInt8](unsafeUninitializedCapacity: length) { (buffer, initialized) throws(CryptoError) in
            try CryptoError.check(
                EVP_PKEY_get_octet_string_param(pointer, name, buffer.baseAddress, length, &initialized),
                "EVP_PKEY_get_octet_string_param(\(name))")
        }
    }

    /// A UTF-8 string parameter (`group`, the curve's name).
    func text(_ name: String) throws(CryptoError) -> String {
        var buffer = [CChar](repeating: 0, count: 80)
        var length = 0
        try CryptoError.check(
            EVP_PKEY_get_utf8_string_param(pointer, name, &buffer, buffer.count, &length),
            "EVP_PKEY_get_utf8_string_param(\(name))")
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sets a UTF-8 string parameter, e.g. the EC point format.
    func setText(_ name: String, _ value: String) throws(CryptoError) {
        try CryptoError.check(
            EVP_PKEY_set_utf8_string_param(pointer, name, value), "EVP_PKEY_set_utf8_string_param(\(name))")
    }

    /// Whether the private half matches the public half (d·G = Q for EC; for RSA, n = p·q and
    /// d inverts e), which a key read from separate fields must be checked for.
    func privateMatchesPublic() throws(CryptoError) -> Bool {
        let context = CryptoError.require(EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil), "EVP_PKEY_CTX_new_from_pkey")
        defer { EVP_PKEY_CTX_free(context) }
        let result = EVP_PKEY_pairwise_check(context)
        ERR_clear_error()
        return result == 1
    }

    // MARK: - Making keys

    /// A fresh key from libcrypto's generator: `algorithm` is `ED25519`, `EC` or `RSA`;
    /// `configure` sets the curve or modulus size on the context before generation.
    static func generate(
        _ algorithm: String, configure: (OpaquePointer) -> Int32 = { _ in 1 }
    ) throws(CryptoError) -> EVPKey {
        let context = CryptoError.require(EVP_PKEY_CTX_new_from_name(nil, algorithm, nil), "EVP_PKEY_CTX_new_from_name")
        defer { EVP_PKEY_CTX_free(context) }
        try CryptoError.check(EVP_PKEY_keygen_init(context), "EVP_PKEY_keygen_init(\(algorithm))")
        try CryptoError.check(configure(context), "configure \(algorithm) key generation")
        var key: OpaquePointer?
        try CryptoError.check(EVP_PKEY_generate(context, &key), "EVP_PKEY_generate(\(algorithm))")
        guard let key else { throw CryptoError(reason: .libraryFailure, operation: "EVP_PKEY_generate(\(algorithm))") }
        return EVPKey(taking: key)
    }

    /// An ed25519 key from its 32-byte seed.
    static func ed25519(seed: [UInt8]) throws(CryptoError) -> EVPKey {
        let key = seed.withCBytes { seed, count in
            EVP_PKEY_new_raw_private_key_ex(nil, "ED25519", nil, seed, count)
        }
        guard let key else {
            throw CryptoError.fromErrorQueue("EVP_PKEY_new_raw_private_key_ex", reason: .libraryFailure)
        }
        return EVPKey(taking: key)
    }

    /// A key pair from parameters (`EVP_PKEY_fromdata`): `algorithm` is `EC` or `RSA`.
    static func fromParameters(_ algorithm: String, _ parameters: KeyParameters) throws(CryptoError) -> EVPKey {
        let context = CryptoError.require(EVP_PKEY_CTX_new_from_name(nil, algorithm, nil), "EVP_PKEY_CTX_new_from_name")
        defer { EVP_PKEY_CTX_free(context) }
        try CryptoError.check(EVP_PKEY_fromdata_init(context), "EVP_PKEY_fromdata_init(\(algorithm))")
        var key: OpaquePointer?
        try parameters.withParameters { (list) throws(CryptoError) in
            try CryptoError.check(
                EVP_PKEY_fromdata(context, &key, termind_evp_pkey_keypair_selection(), list),
                "EVP_PKEY_fromdata(\(algorithm))")
        }
        guard let key else { throw CryptoError(reason: .libraryFailure, operation: "EVP_PKEY_fromdata(\(algorithm))") }
        return EVPKey(taking: key)
    }

    private func raw(
        _ get: (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> Int32,
        _ operation: String
    ) throws(CryptoError) -> [UInt8] {
        var length = 0
        try CryptoError.check(get(pointer, nil, &length), operation)
        return try [UInt8](unsafeUninitializedCapacity: length) { (buffer, initialized) throws(CryptoError) in
            var written = length
            try CryptoError.check(get(pointer, buffer.baseAddress, &written), operation)
            initialized = written
        }
    }
}

@available(*, unavailable, message: "owns a libcrypto key; keep it in one task")
extension EVPKey: Sendable {}
