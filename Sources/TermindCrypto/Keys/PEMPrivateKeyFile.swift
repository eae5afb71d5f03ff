import COpenSSL

/// A PEM private key file as libcrypto reads it: PKCS#8 (`PRIVATE KEY`), encrypted PKCS#8
/// (`ENCRYPTED PRIVATE KEY`), or a traditional `RSA`/`EC` block, possibly encrypted with
/// `Proc-Type: 4,ENCRYPTED` and `DEK-Info`. Unlike OpenSSH's format, an encrypted PEM file
/// shows nothing, not even its public key, without the passphrase.
///
/// A value holding the key file's text: it prints only its label.
public struct PEMPrivateKeyFile: CustomStringConvertible, CustomReflectable {
    /// The block's label, e.g. `EC PRIVATE KEY`.
    public let label: String
    /// Whether the key is encrypted with a passphrase.
    public let isEncrypted: Bool
    private let block: [UInt8]

    public var description: String { "PEM private key file (\(label)\(isEncrypted ? ", encrypted" : ""))" }
    public var customMirror: Mirror { Mirror(self, children: ["label": label, "isEncrypted": isEncrypted]) }

    /// Finds the private key block (ignoring others, such as `EC PARAMETERS`) and whether it
    /// is encrypted; decrypts nothing.
    ///
    /// - Throws: ``SSHKeyError/malformed(_:)`` when there is no complete, well-encoded block.
    public init(_ text: [UInt8]) throws(SSHKeyError) {
        let armor = try PEMArmor.first(in: text) {
            $0.hasSuffix("PRIVATE KEY") && $0 != OpenSSHPrivateKeyFile.label
        }
        label = armor.label
        isEncrypted = armor.label == "ENCRYPTED PRIVATE KEY"
            || armor.headers.contains { $0.name == "Proc-Type" && $0.value.hasSuffix("ENCRYPTED") }
        block = armor.text
    }

    /// The private key, decrypted with `passphrase` when the file is encrypted.
    ///
    /// - Throws: ``SSHKeyError/passphraseRequired``, ``SSHKeyError/wrongPassphrase``,
    ///   ``SSHKeyError/unsupported(_:)`` for DSA and other non-SSH keys, or
    ///   ``SSHKeyError/malformed(_:)`` with libcrypto's reason.
    public func decrypt(passphrase: [UInt8]?) throws(SSHKeyError) -> SSHPrivateKey {
        if isEncrypted, passphrase == nil { throw .passphraseRequired }
        let given = isEncrypted ? passphrase : nil
        let key: OpaquePointer? = block.withCBytes { text, length in
            if let given {
                return given.withCBytes { passphrase, count in
                    termind_pem_read_private_key(text, Int32(length), passphrase, count)
                }
            }
            return termind_pem_read_private_key(text, Int32(length), nil, 0)
        }
        guard let key else {
            let error = CryptoError.fromErrorQueue("PEM_read_bio_PrivateKey", reason: .libraryFailure)
            if isEncrypted { throw .wrongPassphrase }
            throw .malformed("libcrypto cannot read the \(label) block: \(error.libraryMessage ?? "no reason given")")
        }
        return try SSHPrivateKey(key: EVPKey(taking: key), comment: "")
    }
}
