import TermindCrypto
import XCTest

/// PEM private keys through libcrypto: traditional, PKCS#8 and encrypted PKCS#8 (fixtures made
/// with openssl; see ``KeyFixtures``).
final class PEMPrivateKeyFileTests: XCTestCase {
    func testTraditionalECKeyGivesTheSSHKeygenPublicKey() throws {
        let file = try PEMPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.ecP256))
        XCTAssertEqual(file.label, "EC PRIVATE KEY")
        XCTAssertFalse(file.isEncrypted)
        let key = try file.decrypt(passphrase: nil)
        XCTAssertEqual(key.type, .ecdsaP256)
        XCTAssertEqual(key.publicKey.bits, 256)
        XCTAssertEqual(key.publicKey.blob, KeyFixtures.blob(ofLine: KeyFixtures.ecP256PublicLine))
        XCTAssertEqual(key.comment, "")
    }

    func testEncryptedPKCS8KeyNeedsItsPassphrase() throws {
        let file = try PEMPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.encryptedPKCS8ECP256))
        XCTAssertTrue(file.isEncrypted)
        XCTAssertThrowsError(try file.decrypt(passphrase: nil)) { error in
            XCTAssertEqual(error as? SSHKeyError, .passphraseRequired)
        }
        XCTAssertThrowsError(try file.decrypt(passphrase: Array("not it".utf8))) { error in
            XCTAssertEqual(error as? SSHKeyError, .wrongPassphrase)
        }
        let key = try file.decrypt(passphrase: KeyFixtures.pemPassphrase)
        XCTAssertEqual(key.publicKey.blob, KeyFixtures.blob(ofLine: KeyFixtures.ecP256PublicLine))
    }

    func testPKCS8Ed25519KeyGivesItsRawPublicKeyInABlob() throws {
        let key = try PEMPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.pkcs8Ed25519)).decrypt(passphrase: nil)
        var blob = SSHWireWriter()
        blob.writeString("ssh-ed25519")
        blob.writeString(hex(KeyFixtures.pkcs8Ed25519RawPublicKey))
        XCTAssertEqual(key.publicKey.blob, blob.bytes)
        XCTAssertEqual(key.publicKey.bits, 256)
    }

    func testOtherBlocksBeforeTheKeyAreSkipped() throws {
        let text = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n" + KeyFixtures.ecP256
        let key = try PEMPrivateKeyFile(KeyFixtures.bytes(text)).decrypt(passphrase: nil)
        XCTAssertEqual(key.publicKey.blob, KeyFixtures.blob(ofLine: KeyFixtures.ecP256PublicLine))
    }

    func testWellEncodedGarbageIsMalformedWithLibcryptosReason() throws {
        let text = "-----BEGIN PRIVATE KEY-----\nZ2FyYmFnZSBpbnNpZGU=\n-----END PRIVATE KEY-----\n"
        XCTAssertThrowsError(try PEMPrivateKeyFile(KeyFixtures.bytes(text)).decrypt(passphrase: nil)) { error in
            guard case .malformed(let detail)? = error as? SSHKeyError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.hasPrefix("libcrypto cannot read the PRIVATE KEY block"), detail)
        }
    }

    func testTruncatedPEMIsMalformed() {
        let cut = String(KeyFixtures.ecP256.dropLast(40))
        XCTAssertThrowsError(try PEMPrivateKeyFile(KeyFixtures.bytes(cut))) { error in
            XCTAssertEqual(
                error as? SSHKeyError, .malformed("the -----END EC PRIVATE KEY----- line is missing (the file may be truncated)"))
        }
    }

    func testPEMKeysWriteAsOpenSSHFilesWithTheSamePublicKey() throws {
        let key = try PEMPrivateKeyFile(KeyFixtures.bytes(KeyFixtures.ecP256)).decrypt(passphrase: nil)
        let file = try OpenSSHPrivateKeyFile(OpenSSHPrivateKeyFile.encode(key, comment: "converted"))
        let read = try file.decrypt(passphrase: nil)
        XCTAssertEqual(read.publicKey, key.publicKey)
        XCTAssertEqual(read.comment, "converted")
    }
}
