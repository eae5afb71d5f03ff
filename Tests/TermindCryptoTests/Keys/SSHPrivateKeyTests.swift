import TermindCrypto
import XCTest

/// Generated keys: the types and sizes ssh-keygen would report, and nothing secret in their text.
final class SSHPrivateKeyTests: XCTestCase {
    func testGeneratedKeysHaveTheirTypesAndSizes() throws {
        let expected: [(SSHKeyType, Int)] = [(.ed25519, 256), (.ecdsaP256, 256), (.ecdsaP384, 384), (.ecdsaP521, 521)]
        for (type, bits) in expected {
            let key = try SSHPrivateKey.generate(type)
            XCTAssertEqual(key.type, type)
            XCTAssertEqual(key.publicKey.bits, bits)
            XCTAssertEqual(try SSHPublicKey(blob: key.publicKey.blob), key.publicKey)
        }
        let rsa = try SSHPrivateKey.generate(.rsa, rsaBits: 2048)
        XCTAssertEqual(rsa.publicKey.bits, 2048)
    }

    func testTwoGeneratedKeysDiffer() throws {
        XCTAssertNotEqual(try SSHPrivateKey.generate(.ed25519).publicKey, try SSHPrivateKey.generate(.ed25519).publicKey)
    }

    func testTooSmallRSAModulusIsRefused() {
        XCTAssertThrowsError(try SSHPrivateKey.generate(.rsa, rsaBits: 1024)) { error in
            guard case .library(let cause)? = error as? SSHKeyError else { return XCTFail("\(error)") }
            XCTAssertEqual(cause.reason, .invalidParameter("RSA keys need 2048 to 16384 bits, not 1024"))
        }
    }

    func testKeyPrintsAsItsTypeOnly() throws {
        let key = try SSHPrivateKey.generate(.ecdsaP256, comment: "me@here")
        XCTAssertEqual("\(key)", "ecdsa-sha2-nistp256 private key")
        XCTAssertFalse(String(reflecting: key).contains(key.publicKey.blob.hexString.suffix(20)))
    }
}
