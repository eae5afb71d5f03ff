/// An OpenSSH private key file (`-----BEGIN OPENSSH PRIVATE KEY-----`, the `openssh-key-v1`
/// format of OpenSSH's PROTOCOL.key): its header, readable without a passphrase, and its
/// private section, decrypted on demand.
///
/// The header names the cipher and KDF and carries the public key in the clear, so an
/// encrypted key's public half and fingerprint are known before anyone types its passphrase.
/// Encrypted files use `bcrypt` (``BCryptPBKDF``) with AES-CTR or AES-CBC.
///
/// A value holding the (possibly encrypted) private section: it prints only its public facts.
public struct OpenSSHPrivateKeyFile: CustomStringConvertible, CustomReflectable {
    /// The PEM label of these files.
    public static let label = "OPENSSH PRIVATE KEY"
    private static let magic = Array("openssh-key-v1\0".utf8)

    /// `none`, `aes256-ctr`...
    public let cipherName: String
    /// `none` or `bcrypt`.
    public let kdfName: String
    /// The public key from the header.
    public let publicKey: SSHPublicKey
    private let cipher: OpenSSHCipher
    private let salt: [UInt8]
    private let rounds: UInt32
    private let privateSection: [UInt8]

    /// Whether the private section is encrypted with a passphrase.
    public var isEncrypted: Bool { cipher != .none }

    public var description: String {
        "OpenSSH private key file (\(publicKey.type.rawValue), cipher \(cipherName), kdf \(kdfName))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["cipherName": cipherName, "kdfName": kdfName, "publicKey": publicKey.type.rawValue])
    }

    /// Reads the armour and the header; decrypts nothing.
    ///
    /// - Throws: ``SSHKeyError/malformed(_:)`` for damaged or truncated text,
    ///   ``SSHKeyError/unsupported(_:)`` for a cipher, KDF or key type not handled (checked here
    ///   so an unusable key is refused before any passphrase is asked for).
    public init(_ text: [UInt8]) throws(SSHKeyError) {
        let armor = try PEMArmor.first(in: text) { $0 == Self.label }
        var reader = SSHWireReader(armor.body)
        let context = "OpenSSH key header"
        let magic = try SSHKeyError.reading(context) { () throws(SSHWireError) in
            try reader.readBytes(count: min(Self.magic.count, reader.remainingCount), "magic")
        }
        guard magic == Self.magic else { throw .malformed("\(context): not an openssh-key-v1 file") }
        let (cipherName, kdfName, kdfOptions, keyCount) = try SSHKeyError.reading(context) { () throws(SSHWireError) in
            (try reader.readText("cipher name"), try reader.readText("kdf name"), try reader.readString("kdf options"),
             try reader.readUInt32("number of keys"))
        }
        guard let cipher = OpenSSHCipher(name: cipherName) else {
            throw .unsupported(
                "private key cipher \(cipherName); re-encrypt it with `ssh-keygen -p -Z aes256-ctr -f FILE`")
        }
        switch (kdfName, cipher) {
        case ("none", .none):
            guard kdfOptions.isEmpty else { throw .malformed("\(context): options for kdf none") }
            (salt, rounds) = ([], 0)
        case ("bcrypt", .aesCTR), ("bcrypt", .aesCBC):
            var options = SSHWireReader(kdfOptions)
            (salt, rounds) = try SSHKeyError.reading("bcrypt options") { () throws(SSHWireError) in
                (try options.readString("salt"), try options.readUInt32("rounds"))
            }
            guard !salt.isEmpty, rounds > 0 else { throw .malformed("bcrypt options: empty salt or zero rounds") }
        case ("none", _), ("bcrypt", .none):
            throw .malformed("\(context): cipher \(cipherName) with kdf \(kdfName)")
        default:
            throw .unsupported("private key kdf \(kdfName)")
        }
        guard keyCount == 1 else { throw .unsupported("a file holding \(keyCount) keys; one key a file") }
        let (blob, section) = try SSHKeyError.reading(context) { () throws(SSHWireError) in
            (try reader.readString("public key"), try reader.readString("private section"))
        }
        guard section.count % cipher.blockSize == 0, !section.isEmpty else {
            throw .malformed(
                "\(context): the private section is \(section.count) bytes, not whole \(cipher.blockSize)-byte blocks")
        }
        publicKey = try SSHPublicKey(blob: blob)
        self.cipherName = cipherName
        self.kdfName = kdfName
        self.cipher = cipher
        privateSection = section
    }

    /// The private key, decrypted with `passphrase` when the file is encrypted (a passphrase
    /// given for an unencrypted file is not used).
    ///
    /// - Throws: ``SSHKeyError/passphraseRequired`` or ``SSHKeyError/wrongPassphrase`` for an
    ///   encrypted file; ``SSHKeyError/malformed(_:)`` when the private section is damaged or
    ///   its key is not the one the header names.
    public func decrypt(passphrase: [UInt8]?) throws(SSHKeyError) -> SSHPrivateKey {
        var plain = privateSection
        defer { if isEncrypted { plain.wipe() } }
        if isEncrypted {
            guard let passphrase else { throw .passphraseRequired }
            guard !passphrase.isEmpty else { throw .wrongPassphrase }
            let cipher = cipher
            let (salt, rounds, section) = (salt, rounds, privateSection)
            plain = try Self.library { () throws(CryptoError) in
                var material = try BCryptPBKDF.deriveKey(
                    passphrase: passphrase, salt: salt, rounds: Int(rounds),
                    length: cipher.keyByteCount + cipher.ivByteCount)
                defer { material.wipe() }
                return try cipher.apply(
                    section, key: Array(material.prefix(cipher.keyByteCount)),
                    iv: Array(material.suffix(cipher.ivByteCount)), encrypting: false)
            }
        }
        var reader = SSHWireReader(plain)
        let (first, second) = try SSHKeyError.reading("private section") { () throws(SSHWireError) in
            (try reader.readUInt32("check value"), try reader.readUInt32("check value"))
        }
        guard first == second else {
            // Decrypting with the wrong key gives random bytes, so the two copies differ.
            throw isEncrypted ? .wrongPassphrase : .malformed("private section: its two check values differ")
        }
        let key = try SSHPrivateKey.readOpenSSHFields(&reader)
        let padding = reader.remaining
        let padded = padding.enumerated().allSatisfy { $0.element == UInt8($0.offset + 1) }
        guard padding.count < cipher.blockSize, padded else {
            throw .malformed("private section: bad padding after the key")
        }
        guard key.publicKey.blob == publicKey.blob else {
            throw .malformed("the private key is not the one the file's public header names")
        }
        return key
    }

    /// An unencrypted `openssh-key-v1` file for `key` (cipher and kdf `none`, a random check
    /// value, padding 1, 2, 3...), as `ssh-keygen -N ''` writes one.
    ///
    /// - Parameter comment: the comment stored with the key; the key's own when nil.
    public static func encode(_ key: SSHPrivateKey, comment: String? = nil) throws(SSHKeyError) -> [UInt8] {
        let check = try library { () throws(CryptoError) in try SecureRandom.bytes(count: 4) }
        var section = SSHWireWriter()
        section.writeRaw(check)
        section.writeRaw(check)
        try key.writeOpenSSHFields(&section)
        section.writeString(comment ?? key.comment)
        var pad: UInt8 = 1
        while section.bytes.count % OpenSSHCipher.none.blockSize != 0 {
            section.writeRaw([pad])
            pad += 1
        }
        var file = SSHWireWriter()
        file.writeRaw(magic)
        file.writeString("none")
        file.writeString("none")
        file.writeString([UInt8]())
        file.writeUInt32(1)
        file.writeString(key.publicKey.blob)
        file.writeString(section.bytes)
        return PEMArmor.encode(file.bytes, label: label)
    }

    private static func library<Value>(_ body: () throws(CryptoError) -> Value) throws(SSHKeyError) -> Value {
        do {
            return try body()
        } catch {
            throw .library(error)
        }
    }
}
