import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

/// PEM private keys made by ssh-keygen (`-m PEM`) and openssl, read by
/// ``OpenSSLPrivateKeyCodec``: the public key must be what ssh-keygen derives from the same file.
final class PEMKeyImportTests: KeyFileTestCase {
    func testTraditionalRSAAndECKeysMatchSSHKeygen() throws {
        let cases: [(String, Int, String, KeyAlgorithm)] = [
            ("rsa", 2048, "RSA PRIVATE KEY", .rsa), ("ecdsa", 256, "EC PRIVATE KEY", .ecdsaP256),
            ("ecdsa", 521, "EC PRIVATE KEY", .ecdsaP521),
        ]
        for (type, bits, label, algorithm) in cases {
            let path = try keygen.generate(type, bits: bits, format: "PEM", name: "\(type)-\(bits).pem")
            XCTAssertTrue(try keygen.text(path).hasPrefix("-----BEGIN \(label)-----"))
            let info = try codec.inspect(try keygen.secret(path), passphrase: nil)
            let line = try keygen.publicLine(path)
            XCTAssertEqual(info.format, .pem)
            XCTAssertEqual(info.algorithm, algorithm)
            XCTAssertEqual(info.publicKeyBlob, SSHKeygen.parts(ofLine: line).blob, "\(type) \(bits)")
            XCTAssertEqual(KeyFingerprint(blob: info.publicKeyBlob).description, try keygen.listing(path).fingerprint)
            XCTAssertEqual(info.bits, bits)
            XCTAssertEqual(info.comment, "")
            XCTAssertFalse(info.isEncrypted)
        }
    }

    func testEncryptedTraditionalKeyNeedsItsPassphraseEvenForThePublicHalf() throws {
        let path = try keygen.generate("ecdsa", bits: 384, passphrase: "sesame", format: "PEM", name: "enc.pem")
        XCTAssertTrue(try keygen.text(path).contains("Proc-Type: 4,ENCRYPTED"))
        let key = try keygen.secret(path)
        XCTAssertThrowsError(try codec.inspect(key, passphrase: nil)) { error in
            XCTAssertEqual(error as? PrivateKeyError, .passphraseRequired)
        }
        XCTAssertThrowsError(try codec.inspect(key, passphrase: Secret("open sesame"))) { error in
            XCTAssertEqual(error as? PrivateKeyError, .wrongPassphrase)
        }
        let info = try codec.inspect(key, passphrase: Secret("sesame"))
        XCTAssertTrue(info.isEncrypted)
        XCTAssertTrue(info.passphraseVerified)
        XCTAssertEqual(info.publicKeyBlob, SSHKeygen.parts(ofLine: try keygen.publicLine(path, passphrase: "sesame")).blob)
    }

    func testPKCS8KeysFromOpenSSLPlainAndEncryptedMatchSSHKeygen() throws {
        let cases: [(String, [String], KeyAlgorithm, Int)] = [
            ("rsa", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], .rsa, 2048),
            ("p384", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"], .ecdsaP384, 384),
        ]
        for (name, options, algorithm, bits) in cases {
            try keygen.openssl(["genpkey"] + options + ["-out", "\(name).pem"])
            try keygen.openssl([
                "pkcs8", "-topk8", "-v2", "aes256", "-in", "\(name).pem", "-out", "\(name)-enc.pem",
                "-passout", "pass:sesame",
            ])
            let plainPath = keygen.directory.appending("\(name).pem").path
            let encryptedPath = keygen.directory.appending("\(name)-enc.pem").path
            chmod(plainPath, 0o600)
            chmod(encryptedPath, 0o600)
            XCTAssertTrue(try keygen.text(plainPath).hasPrefix("-----BEGIN PRIVATE KEY-----"))
            XCTAssertTrue(try keygen.text(encryptedPath).hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
            let expected = SSHKeygen.parts(ofLine: try keygen.publicLine(plainPath)).blob

            let plain = try codec.inspect(try keygen.secret(plainPath), passphrase: nil)
            XCTAssertEqual(plain.publicKeyBlob, expected, name)
            XCTAssertEqual(plain.algorithm, algorithm)
            XCTAssertEqual(plain.bits, bits)

            XCTAssertThrowsError(try codec.inspect(try keygen.secret(encryptedPath), passphrase: nil)) { error in
                XCTAssertEqual(error as? PrivateKeyError, .passphraseRequired)
            }
            XCTAssertThrowsError(try codec.inspect(try keygen.secret(encryptedPath), passphrase: Secret("nope"))) { error in
                XCTAssertEqual(error as? PrivateKeyError, .wrongPassphrase)
            }
            let encrypted = try codec.inspect(try keygen.secret(encryptedPath), passphrase: Secret("sesame"))
            XCTAssertEqual(encrypted.publicKeyBlob, expected)
            XCTAssertEqual(
                encrypted.publicKeyBlob,
                SSHKeygen.parts(ofLine: try keygen.publicLine(encryptedPath, passphrase: "sesame")).blob)
            XCTAssertTrue(encrypted.passphraseVerified)
        }
    }

    func testPKCS8Ed25519KeyFromOpenSSLHasTheRawPublicKeyOpenSSLReports() throws {
        // ssh-keygen 9.2 cannot read ed25519 PEM keys, so the expectation comes from openssl.
        try keygen.openssl(["genpkey", "-algorithm", "ed25519", "-out", "ed.pem"])
        try keygen.openssl(["pkey", "-in", "ed.pem", "-pubout", "-outform", "DER", "-out", "ed.der"])
        let spki = Array(try Data(contentsOf: keygen.directory.appending("ed.der")))
        let expected = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 32] + spki.suffix(32)
        let info = try codec.inspect(try keygen.secret(keygen.directory.appending("ed.pem").path), passphrase: nil)
        XCTAssertEqual(info.algorithm, .ed25519)
        XCTAssertEqual(info.bits, 256)
        XCTAssertEqual(info.publicKeyBlob, expected)
    }
}
