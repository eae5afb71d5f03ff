import COpenSSL

/// The ciphers an `openssh-key-v1` file's private section may be encrypted with that this
/// module handles: none, and AES in CTR or CBC mode (`ssh-keygen` writes `aes256-ctr`).
/// The AEAD ciphers (`chacha20-poly1305@openssh.com`, `aes256-gcm@openssh.com`) are not
/// handled, as libssh2 1.10 cannot read them either.
///
/// A plain value; `Sendable`. Each call makes and frees its own libcrypto context.
enum OpenSSHCipher: Sendable, Equatable {
    case none
    case aesCTR(keyByteCount: Int)
    case aesCBC(keyByteCount: Int)

    init?(name: String) {
        switch name {
        case "none": self = .none
        case "aes128-ctr": self = .aesCTR(keyByteCount: 16)
        case "aes192-ctr": self = .aesCTR(keyByteCount: 24)
        case "aes256-ctr": self = .aesCTR(keyByteCount: 32)
        case "aes128-cbc": self = .aesCBC(keyByteCount: 16)
        case "aes192-cbc": self = .aesCBC(keyByteCount: 24)
        case "aes256-cbc": self = .aesCBC(keyByteCount: 32)
        default: return nil
        }
    }

    /// The private section's length is a multiple of this.
    var blockSize: Int {
        switch self {
        case .none: 8
        case .aesCTR, .aesCBC: 16
        }
    }

    var keyByteCount: Int {
        switch self {
        case .none: 0
        case let .aesCTR(count), let .aesCBC(count): count
        }
    }

    var ivByteCount: Int {
        switch self {
        case .none: 0
        case .aesCTR, .aesCBC: 16
        }
    }

    /// Encrypts or decrypts whole blocks, without padding (the file pads its own way).
    func apply(_ input: [UInt8], key: [UInt8], iv: [UInt8], encrypting: Bool) throws(CryptoError) -> [UInt8] {
        guard let cipher = evpCipher else { return input }
        precondition(key.count == keyByteCount && iv.count == ivByteCount, "key or IV of the wrong length")
        precondition(input.count % blockSize == 0, "input is not whole blocks")
        let context = CryptoError.require(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new")
        defer { EVP_CIPHER_CTX_free(context) }
        try key.withCBytes { (key, _) throws(CryptoError) in
            try iv.withCBytes { (iv, _) throws(CryptoError) in
                try CryptoError.check(
                    EVP_CipherInit_ex(context, cipher, nil, key, iv, encrypting ? 1 : 0), "EVP_CipherInit_ex")
            }
        }
        try CryptoError.check(EVP_CIPHER_CTX_set_padding(context, 0), "EVP_CIPHER_CTX_set_padding")
        let capacity = input.count + blockSize
        return try [UInt8](unsafeUninitializedCapacity: capacity) { (output, initialized) throws(CryptoError) in
            var written: Int32 = 0
            try input.withCBytes { (bytes, count) throws(CryptoError) in
                try CryptoError.check(
                    EVP_CipherUpdate(context, output.baseAddress, &written, bytes, Int32(count)), "EVP_CipherUpdate")
            }
            var final: Int32 = 0
            try CryptoError.check(
                EVP_CipherFinal_ex(context, output.baseAddress.map { $0 + Int(written) }, &final), "EVP_CipherFinal_ex")
            initialized = Int(written + final)
        }
    }

    private var evpCipher: OpaquePointer? {
        switch self {
        case .none: nil
        case .aesCTR(16): EVP_aes_128_ctr()
        case .aesCTR(24): EVP_aes_192_ctr()
        case .aesCTR: EVP_aes_256_ctr()
        case .aesCBC(16): EVP_aes_128_cbc()
        case .aesCBC(24): EVP_aes_192_cbc()
        case .aesCBC: EVP_aes_256_cbc()
        }
    }
}
