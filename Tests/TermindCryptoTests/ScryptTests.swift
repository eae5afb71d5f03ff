import TermindCrypto
import XCTest

/// RFC 7914 section 12 test vectors, and the parameters the vault uses.
final class ScryptTests: XCTestCase {
    func testEmptyPassphraseAndSaltMatchRFC7914() throws {
        let key = try Scrypt.deriveKey(passphrase: [], salt: [], n: 16, r: 1, p: 1, length: 64)
        XCTAssertEqual(
            key.hexString,
            "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
    }

    func testPasswordNaClMatchesRFC7914() throws {
        let key = try Scrypt.deriveKey(
            passphrase: ascii("password"), salt: ascii("NaCl"), n: 1024, r: 8, p: 16, length: 64)
        XCTAssertEqual(
            key.hexString,
            "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
    }

    func testPleaseLetMeInMatchesRFC7914() throws {
        let key = try Scrypt.deriveKey(
            passphrase: ascii("pleaseletmein"), salt: ascii("SodiumChloride"), n: 16384, r: 8, p: 1, length: 64)
        XCTAssertEqual(
            key.hexString,
            "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
                + "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887")
    }

    func testVaultStrengthParametersFitUnderTheMemoryCeiling() throws {
        // N = 2^17, r = 8 needs 128 MiB, four times libcrypto's default ceiling.
        let key = try Scrypt.deriveKey(
            passphrase: ascii("passphrase"), salt: [UInt8](repeating: 7, count: 16),
            n: 1 << 17, r: 8, p: 1, length: 32)
        XCTAssertEqual(key.count, 32)
    }

    func testCostThatIsNotAPowerOfTwoIsRefusedBeforeLibcrypto() {
        XCTAssertThrowsError(
            try Scrypt.deriveKey(passphrase: ascii("p"), salt: ascii("s"), n: 1000, r: 8, p: 1, length: 32)
        ) { error in
            XCTAssertEqual(
                (error as? CryptoError)?.reason, .invalidParameter("N must be a power of two above 1, got 1000"))
        }
    }

    func testParametersNeedingMoreThanTheCeilingAreRefusedByLibcrypto() {
        // N = 2^20, r = 8 would need 1 GiB.
        XCTAssertThrowsError(
            try Scrypt.deriveKey(passphrase: ascii("p"), salt: ascii("s"), n: 1 << 20, r: 8, p: 1, length: 32)
        ) { error in
            let error = error as? CryptoError
            XCTAssertEqual(error?.reason, .libraryFailure)
            XCTAssertEqual(error?.operation, "EVP_PBE_scrypt")
        }
    }

    func testZeroLengthIsRefused() {
        XCTAssertThrowsError(
            try Scrypt.deriveKey(passphrase: ascii("p"), salt: ascii("s"), n: 16, r: 1, p: 1, length: 0))
    }
}
