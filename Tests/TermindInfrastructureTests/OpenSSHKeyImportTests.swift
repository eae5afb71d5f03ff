import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// OpenSSH private keys made by the installed ssh-keygen, read by ``OpenSSLPrivateKeyCodec``:
/// the public key, fingerprint and size must be exactly what ssh-keygen reports.
final class OpenSSHKeyImportTests: KeyFileTestCase {
    func testUnencryptedKeysOfEveryTypeMatchSSHKeygen() throws {
        let cases: [(String, Int?, KeyAlgorithm)] = [
            ("ed25519", nil, .ed25519), ("ecdsa", 256, .ecdsaP256), ("ecdsa", 384, .ecdsaP384),
            ("ecdsa", 521, .ecdsaP521), ("rsa", 2048, .rsa),
        ]
        for (type, bits, algorithm) in cases {
            let path = try keygen.generate(type, bits: bits, comment: "\(type)@termind", name: "\(type)-\(bits ?? 0)")
            let info = try codec.inspect(try keygen.secret(path), passphrase: nil)
            let line = try keygen.publicLine(path)
            let listing = try keygen.listing(path)
            XCTAssertEqual(info.format, .openSSH)
            XCTAssertEqual(info.algorithm, algorithm)
            XCTAssertEqual(info.publicKeyBlob, SSHKeygen.parts(ofLine: line).blob, "\(type) \(bits ?? 0)")
            XCTAssertEqual(info.comment, "\(type)@termind")
            XCTAssertEqual(SSHKeygen.parts(ofLine: line).comment, info.comment)
            XCTAssertEqual(KeyFingerprint(blob: info.publicKeyBlob).description, listing.fingerprint)
            XCTAssertEqual(info.bits, listing.bits)
            XCTAssertEqual(algorithm.displayName, listing.typeName)
            XCTAssertFalse(info.isEncrypted)
            XCTAssertFalse(info.passphraseVerified)
        }
    }

    func testEncryptedKeysShowTheirPublicHalfWithoutThePassphrase() throws {
        for (type, bits) in [("ed25519", nil), ("ecdsa", 384), ("rsa", 2048)] as [(String, Int?)] {
            let path = try keygen.generate(type, bits: bits, passphrase: "sesame", name: "enc-\(type)")
            let info = try codec.inspect(try keygen.secret(path), passphrase: nil)
            let line = try keygen.publicLine(path, passphrase: "sesame")
            XCTAssertEqual(info.publicKeyBlob, SSHKeygen.parts(ofLine: line).blob, type)
            XCTAssertEqual(KeyFingerprint(blob: info.publicKeyBlob).description, try keygen.listing(ofLine: line).fingerprint)
            XCTAssertEqual(info.bits, try keygen.listing(ofLine: line).bits)
            XCTAssertTrue(info.isEncrypted)
            XCTAssertFalse(info.passphraseVerified)
            XCTAssertEqual(info.comment, "", "the comment is inside the encrypted part")
        }
    }

    func testEncryptedKeysAreVerifiedWithTheirPassphraseAndShowTheirComment() throws {
        for (type, bits) in [("ed25519", nil), ("ecdsa", 256), ("rsa", 2048)] as [(String, Int?)] {
            let path = try keygen.generate(type, bits: bits, passphrase: "sesame", comment: "me@desk", name: "enc-\(type)")
            let info = try codec.inspect(try keygen.secret(path), passphrase: Secret("sesame"))
            XCTAssertEqual(info.publicKeyBlob, SSHKeygen.parts(ofLine: try keygen.publicLine(path, passphrase: "sesame")).blob)
            XCTAssertTrue(info.isEncrypted)
            XCTAssertTrue(info.passphraseVerified, type)
            XCTAssertEqual(info.comment, "me@desk")
        }
    }

    func testKeyEncryptedAtSSHKeygensDefaultSixteenRoundsIsVerified() throws {
        let path = keygen.directory.appending("default-rounds").path
        let made = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "sesame", "-f", path])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(try codec.inspect(try keygen.secret(path), passphrase: Secret("sesame")).passphraseVerified)
    }

    func testWrongPassphraseIsRefused() throws {
        let path = try keygen.generate("ed25519", passphrase: "sesame", name: "wrong")
        XCTAssertThrowsError(try codec.inspect(try keygen.secret(path), passphrase: Secret("sesame!"))) { error in
            XCTAssertEqual(error as? PrivateKeyError, .wrongPassphrase)
        }
    }

    func testEveryAESCipherSSHKeygenOffersIsRead() throws {
        for cipher in ["aes128-ctr", "aes192-ctr", "aes256-ctr", "aes128-cbc", "aes192-cbc", "aes256-cbc"] {
            let path = try keygen.generate("ecdsa", bits: 256, passphrase: "sesame", cipher: cipher, name: cipher)
            let info = try codec.inspect(try keygen.secret(path), passphrase: Secret("sesame"))
            XCTAssertTrue(info.passphraseVerified, cipher)
            XCTAssertEqual(info.publicKeyBlob, SSHKeygen.parts(ofLine: try keygen.publicLine(path, passphrase: "sesame")).blob)
        }
    }

    func testChaCha20EncryptedKeyIsUnsupportedWithARemedy() throws {
        let path = try keygen.generate(
            "ed25519", passphrase: "sesame", cipher: "chacha20-poly1305@openssh.com", name: "chacha")
        XCTAssertThrowsError(try codec.inspect(try keygen.secret(path), passphrase: nil)) { error in
            guard case .unsupported(let detail)? = error as? PrivateKeyError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("ssh-keygen -p -Z aes256-ctr"), detail)
        }
    }
}
