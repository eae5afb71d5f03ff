import TermindApplication
import TermindCrypto
import TermindDomain

/// The ``PrivateKeyCodec`` over TermindCrypto's key files (libcrypto underneath): reads
/// OpenSSH (`openssh-key-v1`, unencrypted or bcrypt + AES) and PEM (PKCS#8, encrypted PKCS#8,
/// traditional RSA/EC) private keys, and generates unencrypted OpenSSH keys.
///
/// Stateless and `Sendable`: every call works on its own copies. Private key bytes never leave
/// the `Secret`s they came in, and no error carries them.
public struct OpenSSLPrivateKeyCodec: PrivateKeyCodec {
    public init() {}

    /// Reads the public facts of a private key file.
    ///
    /// An encrypted OpenSSH key without a passphrase still gives its public half (from the
    /// file's header) with `passphraseVerified == false` and no comment (the comment is
    /// encrypted); with a passphrase it is decrypted and checked. An encrypted PEM key shows
    /// nothing without its passphrase: `.passphraseRequired`.
    public func inspect(_ privateKey: Secret, passphrase: Secret?) throws -> PrivateKeyInfo {
        // Array copies for the crypto layer, zeroed as each closure returns.
        try privateKey.withByteArray { text in
            guard let passphrase else { return try inspect(text, passphrase: nil) }
            return try passphrase.withByteArray { try inspect(text, passphrase: $0) }
        }
    }

    private func inspect(_ text: [UInt8], passphrase given: [UInt8]?) throws -> PrivateKeyInfo {
        do {
            switch PrivateKeyFileFormat(detecting: text) {
            case .openSSH:
                return try inspectOpenSSH(text, passphrase: given)
            case .pem:
                let file = try PEMPrivateKeyFile(text)
                let key = try file.decrypt(passphrase: given)
                let encrypted = file.isEncrypted
                return try info(.pem, key.publicKey, comment: "", encrypted: encrypted, verified: encrypted)
            case nil:
                throw PrivateKeyError.notAPrivateKey(detail: Self.whatItIs(text))
            }
        } catch let error as SSHKeyError {
            throw Self.privateKeyError(error)
        }
    }

    /// A new unencrypted OpenSSH key: ed25519 or ECDSA. RSA is refused: libssh2 1.10 signs
    /// with RSA only as `ssh-rsa` (SHA-1), which OpenSSH 8.8 and later refuse by default.
    public func generate(
        _ algorithm: KeyAlgorithm, comment: String
    ) throws -> (privateKey: Secret, info: PrivateKeyInfo) {
        let type: SSHKeyType
        switch algorithm {
        case .ed25519: type = .ed25519
        case .ecdsaP256: type = .ecdsaP256
        case .ecdsaP384: type = .ecdsaP384
        case .ecdsaP521: type = .ecdsaP521
        case .rsa:
            throw PrivateKeyError.unsupported(
                detail: "generating RSA keys: libssh2 1.10 signs them only with ssh-rsa (SHA-1), which OpenSSH 8.8 "
                    + "and later refuse; generate an ed25519 key")
        }
        do {
            let key = try SSHPrivateKey.generate(type, comment: comment)
            var text = try OpenSSHPrivateKeyFile.encode(key)
            let info = try info(.openSSH, key.publicKey, comment: comment, encrypted: false, verified: false)
            return (Secret(wiping: &text), info)
        } catch let SSHKeyError.library(cause) {
            throw cause
        } catch let error as SSHKeyError {
            throw Self.privateKeyError(error)
        }
    }

    private func inspectOpenSSH(_ text: [UInt8], passphrase: [UInt8]?) throws -> PrivateKeyInfo {
        let file = try OpenSSHPrivateKeyFile(text)
        if file.isEncrypted && passphrase == nil {
            return try info(.openSSH, file.publicKey, comment: "", encrypted: true, verified: false)
        }
        let key = try file.decrypt(passphrase: passphrase)
        let encrypted = file.isEncrypted
        return try info(.openSSH, key.publicKey, comment: key.comment, encrypted: encrypted, verified: encrypted)
    }

    private func info(
        _ format: PrivateKeyInfo.Format, _ publicKey: SSHPublicKey, comment: String, encrypted: Bool, verified: Bool
    ) throws -> PrivateKeyInfo {
        guard let algorithm = KeyAlgorithm(rawValue: publicKey.type.rawValue) else {
            throw PrivateKeyError.unsupported(detail: "key type \(publicKey.type.rawValue)")
        }
        return PrivateKeyInfo(
            format: format, algorithm: algorithm, bits: publicKey.bits, publicKeyBlob: publicKey.blob,
            comment: comment, isEncrypted: encrypted, passphraseVerified: verified)
    }

    /// A short reason for text that holds no private key block, naming the usual mix-ups.
    private static func whatItIs(_ text: [UInt8]) -> String {
        let content = String(decoding: text.prefix(4096), as: UTF8.self)
        let firstWord = content.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? ""
        if text.isEmpty { return "the input is empty" }
        if KeyAlgorithm(rawValue: firstWord) != nil || firstWord == "ssh-dss" || firstWord.hasPrefix("sk-") {
            return "this is a public key line; give the private key file (the one without .pub)"
        }
        if content.hasPrefix("PuTTY-User-Key-File-") {
            return "this is a PuTTY key; convert it with `puttygen KEY -O private-openssh -o FILE`"
        }
        if content.contains("-----BEGIN SSH2 ENCRYPTED PRIVATE KEY-----") {
            return "this is an ssh.com (SSH2) key; convert it with `ssh-keygen -i -f FILE`"
        }
        return "no -----BEGIN ... PRIVATE KEY----- line"
    }

    private static func privateKeyError(_ error: SSHKeyError) -> PrivateKeyError {
        switch error {
        case let .malformed(detail): .notAPrivateKey(detail: detail)
        case let .unsupported(detail): .unsupported(detail: detail)
        case .passphraseRequired: .passphraseRequired
        case .wrongPassphrase: .wrongPassphrase
        case let .library(cause): .notAPrivateKey(detail: "libcrypto refused the key: \(cause)")
        }
    }
}
