import Foundation
import TermindCrypto
import XCTest

/// Reading and writing `openssh-key-v1` files: keys made by ssh-keygen (see ``KeyFixtures``)
/// and keys this module generates. Comparisons with the installed ssh-keygen itself are in
/// TermindInfrastructureTests.
final class OpenSSHPrivateKeyFileTests: XCTestCase {
    func testEncryptedKeysPublicHalfIsReadableWithoutThePassphrase() throws {
        let file = try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.encryptedEd25519))
        XCTAssertTrue(file.isEncrypted)
        XCTAssertEqual(file.cipherName, "aes256-ctr")
        XCTAssertEqual(file.kdfName, "bcrypt")
        XCTAssertEqual(file.publicKey.type, .ed25519)
        XCTAssertEqual(file.publicKey.bits, 256)
        XCTAssertEqual(file.publicKey.blob, KeyFixtures.blob(ofLine: KeyFixtures.encryptedEd25519PublicLine))
        XCTAssertEqual(fingerprint(file.publicKey.blob), KeyFixtures.encryptedEd25519Fingerprint)
    }

    func testSSHKeygensAES256CTRKeyDecryptsWithItsPassphrase() throws {
        let file = try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.encryptedEd25519))
        let key = try file.decrypt(passphrase: KeyFixtures.passphrase)
        XCTAssertEqual(key.comment, "fixture@termind")
        XCTAssertEqual(key.publicKey.blob, KeyFixtures.blob(ofLine: KeyFixtures.encryptedEd25519PublicLine))
    }

    func testSSHKeygensAES256CBCKeyDecryptsWithItsPassphrase() throws {
        let file = try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.aes256CBCEd25519))
        XCTAssertEqual(file.cipherName, "aes256-cbc")
        let key = try file.decrypt(passphrase: KeyFixtures.passphrase)
        XCTAssertEqual(key.comment, "cbc@termind")
        XCTAssertEqual(key.publicKey.blob, KeyFixtures.blob(ofLine: KeyFixtures.aes256CBCEd25519PublicLine))
    }

    func testWrongPassphraseIsReportedAsSuch() throws {
        let file = try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.encryptedEd25519))
        XCTAssertThrowsError(try file.decrypt(passphrase: Array("fixture passphrasE".utf8))) { error in
            XCTAssertEqual(error as? SSHKeyError, .wrongPassphrase)
        }
        XCTAssertThrowsError(try file.decrypt(passphrase: [])) { error in
            XCTAssertEqual(error as? SSHKeyError, .wrongPassphrase)
        }
    }

    func testMissingPassphraseIsReportedAsRequired() throws {
        let file = try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.encryptedEd25519))
        XCTAssertThrowsError(try file.decrypt(passphrase: nil)) { error in
            XCTAssertEqual(error as? SSHKeyError, .passphraseRequired)
        }
    }

    func testGeneratedKeysOfEveryTypeRoundTripThroughTheFile() throws {
        for type in SSHKeyType.allCases {
            let key = try SSHPrivateKey.generate(type, comment: "round trip", rsaBits: 2048)
            let text = try OpenSSHPrivateKeyFile.encode(key)
            let file = try OpenSSHPrivateKeyFile(text)
            XCTAssertFalse(file.isEncrypted)
            XCTAssertEqual(file.publicKey, key.publicKey, "\(type)")
            let read = try file.decrypt(passphrase: nil)
            XCTAssertEqual(read.publicKey, key.publicKey, "\(type)")
            XCTAssertEqual(read.comment, "round trip")
            // Writing the key read back gives the same private fields (the check value is random).
            let again = try OpenSSHPrivateKeyFile.encode(read)
            XCTAssertEqual(try privateFields(of: again), try privateFields(of: text), "\(type)")
        }
    }

    func testWrittenFileHasNoneCipherEqualCheckValuesAndCountingPadding() throws {
        let key = try SSHPrivateKey.generate(.ed25519, comment: "abc")
        let body = try armourBody(OpenSSHPrivateKeyFile.encode(key))
        var reader = SSHWireReader(body)
        XCTAssertEqual(try reader.readBytes(count: 15), Array("openssh-key-v1\0".utf8))
        XCTAssertEqual(try reader.readText(), "none")
        XCTAssertEqual(try reader.readText(), "none")
        XCTAssertEqual(try reader.readString(), [])
        XCTAssertEqual(try reader.readUInt32(), 1)
        XCTAssertEqual(try reader.readString(), key.publicKey.blob)
        let section = try reader.readString()
        XCTAssertTrue(reader.isAtEnd)
        XCTAssertEqual(section.count % 8, 0)
        var inner = SSHWireReader(section)
        XCTAssertEqual(try inner.readUInt32(), try inner.readUInt32())
        XCTAssertEqual(try inner.readText(), "ssh-ed25519")
        XCTAssertEqual(try inner.readString(), Array(key.publicKey.blob.suffix(32)))
        XCTAssertEqual(try inner.readString().suffix(32), key.publicKey.blob.suffix(32))
        XCTAssertEqual(try inner.readText(), "abc")
        XCTAssertEqual(inner.remaining, Array(1...UInt8(inner.remainingCount)))
    }

    func testTruncatedBase64IsMalformed() throws {
        let lines = KeyFixtures.encryptedEd25519.split(separator: "\n")
        // The END line kept, one body line's tail cut off.
        let cut = lines.prefix(3).joined(separator: "\n") + "\n" + lines[3].prefix(33) + "\n" + lines.last!
        XCTAssertThrowsError(try OpenSSHPrivateKeyFile(KeyFixtures.bytes(cut))) { error in
            XCTAssertEqual(
                error as? SSHKeyError, .malformed("the base64 text of the OPENSSH PRIVATE KEY block is damaged or truncated"))
        }
        // Whole lines dropped: the base64 is fine but the structure ends early.
        let short = lines.prefix(3).joined(separator: "\n") + "\n" + lines.last!
        XCTAssertThrowsError(try OpenSSHPrivateKeyFile(KeyFixtures.bytes(short))) { error in
            guard case .malformed(let detail)? = error as? SSHKeyError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.hasPrefix("OpenSSH key header: ") && detail.hasSuffix("remain"), detail)
        }
        // The file cut before its END line.
        XCTAssertThrowsError(try OpenSSHPrivateKeyFile(KeyFixtures.bytes(lines.prefix(4).joined(separator: "\n"))))
    }

    func testHeaderNamingAnotherPublicKeyIsMalformed() throws {
        let key = try SSHPrivateKey.generate(.ed25519)
        let other = try SSHPrivateKey.generate(.ed25519)
        var body = try armourBody(OpenSSHPrivateKeyFile.encode(key))
        let range = try XCTUnwrap(body.firstRange(of: key.publicKey.blob))
        body.replaceSubrange(range, with: other.publicKey.blob)
        let file = try OpenSSHPrivateKeyFile(armour(body))
        XCTAssertThrowsError(try file.decrypt(passphrase: nil)) { error in
            XCTAssertEqual(error as? SSHKeyError, .malformed("the private key is not the one the file's public header names"))
        }
    }

    func testPrivateHalfOfAnotherKeyIsCaughtForEveryType() throws {
        // Public fields of one key with the private fields of another, under the first's header.
        let privateFieldIndexes: [SSHKeyType: Set<Int>] = [
            .ed25519: [1], .ecdsaP256: [2], .ecdsaP384: [2], .ecdsaP521: [2], .rsa: [2],
        ]
        for type in SSHKeyType.allCases {
            let mine = try SSHPrivateKey.generate(type, rsaBits: 2048)
            let other = try SSHPrivateKey.generate(type, rsaBits: 2048)
            let mineFields = try fieldStrings(of: OpenSSHPrivateKeyFile.encode(mine))
            let otherFields = try fieldStrings(of: OpenSSHPrivateKeyFile.encode(other))
            var section = SSHWireWriter()
            section.writeUInt32(7)
            section.writeUInt32(7)
            section.writeString(type.rawValue)
            for index in mineFields.indices {
                section.writeString(privateFieldIndexes[type]!.contains(index) ? otherFields[index] : mineFields[index])
            }
            section.writeString("")
            var pad: UInt8 = 1
            while section.bytes.count % 8 != 0 {
                section.writeRaw([pad])
                pad += 1
            }
            let file = try OpenSSHPrivateKeyFile(armour(file(cipher: "none", kdf: "none", blob: mine.publicKey.blob,
                                                             section: section.bytes)))
            XCTAssertThrowsError(try file.decrypt(passphrase: nil), "\(type)") { error in
                XCTAssertEqual(
                    error as? SSHKeyError, .malformed("private section: the private key does not match its own public key"))
            }
        }
    }

    func testDSAAndUnknownCiphersAreUnsupported() throws {
        var dsaBlob = SSHWireWriter()
        dsaBlob.writeString("ssh-dss")
        for _ in 0..<4 { dsaBlob.writePositiveMPInt(magnitude: [0x11]) }
        XCTAssertThrowsError(try OpenSSHPrivateKeyFile(armour(file(cipher: "none", kdf: "none", blob: dsaBlob.bytes)))) {
            error in
            guard case .unsupported(let detail)? = error as? SSHKeyError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("DSA"), detail)
        }
        let key = try SSHPrivateKey.generate(.ed25519)
        let chacha = file(cipher: "chacha20-poly1305@openssh.com", kdf: "bcrypt", blob: key.publicKey.blob)
        XCTAssertThrowsError(try OpenSSHPrivateKeyFile(armour(chacha))) { error in
            XCTAssertEqual(
                error as? SSHKeyError,
                .unsupported("private key cipher chacha20-poly1305@openssh.com; re-encrypt it with `ssh-keygen -p -Z aes256-ctr -f FILE`"))
        }
    }

    func testPEMTextIsNotAnOpenSSHKey() {
        XCTAssertThrowsError(try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.ecP256))) { error in
            XCTAssertEqual(error as? SSHKeyError, .malformed("no -----BEGIN ... PRIVATE KEY----- line"))
        }
    }

    func testDescriptionsShowNoKeyMaterial() throws {
        let file = try OpenSSHPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.encryptedEd25519))
        let key = try file.decrypt(passphrase: KeyFixtures.passphrase)
        let body = try armourBody(KeyFixtures.bytes(KeyFixtures.encryptedEd25519))
        for shown in [String(describing: file), String(reflecting: file), "\(key)", String(reflecting: key)] {
            XCTAssertFalse(shown.contains("b3BlbnNzaC1rZXktdjE"), shown)
            XCTAssertFalse(shown.contains(body.suffix(40).hexString), shown)
        }
    }

    // MARK: - Helpers

    private func fingerprint(_ blob: [UInt8]) -> String {
        "SHA256:" + Data(SHA256.hash(blob)).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    private func armourBody(_ text: [UInt8]) throws -> [UInt8] {
        let base64 = String(decoding: text, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Array(try XCTUnwrap(Data(base64Encoded: base64)))
    }

    private func armour(_ body: [UInt8]) -> [UInt8] {
        Array("-----BEGIN OPENSSH PRIVATE KEY-----\n\(Data(body).base64EncodedString())\n-----END OPENSSH PRIVATE KEY-----\n".utf8)
    }

    /// The private section after its check values.
    private func privateFields(of text: [UInt8]) throws -> [UInt8] {
        var reader = SSHWireReader(try armourBody(text))
        _ = try reader.readBytes(count: 15)
        for _ in 0..<3 { _ = try reader.readString() }
        _ = try reader.readUInt32()
        _ = try reader.readString()
        return Array(try reader.readString().dropFirst(8))
    }

    /// The key's fields (as raw strings, mpints included) between the type name and the comment.
    private func fieldStrings(of text: [UInt8]) throws -> [[UInt8]] {
        var reader = SSHWireReader(try privateFields(of: text))
        let type = try XCTUnwrap(SSHKeyType(rawValue: try reader.readText()))
        let count = type == .rsa ? 6 : type == .ed25519 ? 2 : 3
        return try (0..<count).map { _ in try reader.readString() }
    }

    /// A file body with the given header and private section (16 zero bytes unless given).
    private func file(
        cipher: String, kdf: String, blob: [UInt8], section: [UInt8] = [UInt8](repeating: 0, count: 16)
    ) -> [UInt8] {
        var writer = SSHWireWriter()
        writer.writeRaw(Array("openssh-key-v1\0".utf8))
        writer.writeString(cipher)
        writer.writeString(kdf)
        var options = SSHWireWriter()
        if kdf == "bcrypt" {
            options.writeString([UInt8](repeating: 1, count: 16))
            options.writeUInt32(16)
        }
        writer.writeString(options.bytes)
        writer.writeUInt32(1)
        writer.writeString(blob)
        writer.writeString(section)
        return writer.bytes
    }
}
