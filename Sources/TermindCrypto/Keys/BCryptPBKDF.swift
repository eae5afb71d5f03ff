import COpenSSL

/// OpenBSD's `bcrypt_pbkdf`: the key derivation OpenSSH uses for passphrase-protected
/// `openssh-key-v1` files (kdf name `bcrypt`). A PBKDF2-like construction over a bcrypt-style
/// hash (SHA-512 of passphrase and salt, 64 rounds of Blowfish's expensive key schedule), whose
/// output bytes are interleaved across blocks.
///
/// Stateless; safe from any thread. Cost grows linearly with `rounds` (OpenSSH writes 16);
/// a 48-byte key at 16 rounds is about 32 bcrypt hashes.
public enum BCryptPBKDF {
    private static let hashByteCount = 32
    /// bcrypt's magic plaintext, lengthened for 256 bits of output.
    private static let magic = Array("OxychromaticBlowfishSwatDynamite".utf8)

    /// Derives `length` bytes from `passphrase` and `salt`.
    ///
    /// - Throws: ``CryptoError`` with ``CryptoError/Reason/invalidParameter(_:)`` for an empty
    ///   passphrase or salt, fewer than one round, or a length outside 1...1024 (the limits of
    ///   the reference implementation).
    public static func deriveKey(
        passphrase: [UInt8], salt: [UInt8], rounds: Int, length: Int
    ) throws(CryptoError) -> [UInt8] {
        guard rounds >= 1 else { throw invalid("rounds must be at least 1, got \(rounds)") }
        guard !passphrase.isEmpty else { throw invalid("the passphrase must not be empty") }
        guard !salt.isEmpty, salt.count <= 1 << 20 else { throw invalid("the salt must be 1 byte to 1 MiB") }
        guard length >= 1, length <= hashByteCount * hashByteCount else {
            throw invalid("key length must be 1...\(hashByteCount * hashByteCount), got \(length)")
        }

        let stride = (length + hashByteCount - 1) / hashByteCount
        var amount = (length + stride - 1) / stride
        let hashedPassphrase = sha512(passphrase)
        var key = [UInt8](repeating: 0, count: length)
        var remaining = length
        var block: UInt32 = 1
        while remaining > 0 {
            let countedSalt = salt + [24, 16, 8, 0].map { UInt8(block >> $0 & 0xff) }
            var roundOutput = bcryptHash(hashedPassphrase: hashedPassphrase, hashedSalt: sha512(countedSalt))
            var output = roundOutput
            for _ in 1..<rounds {
                roundOutput = bcryptHash(hashedPassphrase: hashedPassphrase, hashedSalt: sha512(roundOutput))
                for index in 0..<hashByteCount { output[index] ^= roundOutput[index] }
            }
            // Not PBKDF2's concatenation: byte i of block b goes to i * stride + b, so every
            // part of the key needs every block.
            amount = min(amount, remaining)
            var index = 0
            while index < amount {
                let destination = index * stride + Int(block - 1)
                if destination >= length { break }
                key[destination] = output[index]
                index += 1
            }
            remaining -= index
            block += 1
        }
        return key
    }

    /// The bcrypt-style hash of 64-byte SHA-512 digests, 32 bytes out.
    static func bcryptHash(hashedPassphrase: [UInt8], hashedSalt: [UInt8]) -> [UInt8] {
        let cipher = Blowfish()
        cipher.expandState(data: hashedSalt, key: hashedPassphrase)
        for _ in 0..<64 {
            cipher.expand0State(key: hashedSalt)
            cipher.expand0State(key: hashedPassphrase)
        }
        var words = [UInt32](repeating: 0, count: hashByteCount / 4)
        magic.withUnsafeBufferPointer { magic in
            var position = 0
            for index in words.indices { words[index] = Blowfish.word(magic, &position) }
        }
        for _ in 0..<64 {
            var index = 0
            while index < words.count {
                var (left, right) = (words[index], words[index + 1])
                cipher.encrypt(&left, &right)
                (words[index], words[index + 1]) = (left, right)
                index += 2
            }
        }
        // Each word comes out little-endian: the reference copies it that way.
        return words.flatMap { word in [0, 8, 16, 24].map { UInt8(word >> $0 & 0xff) } }
    }

    private static func sha512(_ bytes: [UInt8]) -> [UInt8] {
        RunningDigest.digest(bytes, algorithm: EVP_sha512())
    }

    private static func invalid(_ detail: String) -> CryptoError {
        CryptoError(reason: .invalidParameter(detail), operation: "bcrypt_pbkdf")
    }
}
