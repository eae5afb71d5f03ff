import TermindCrypto
import XCTest

/// bcrypt_pbkdf against OpenBSD's reference: its own published vectors, and values from the
/// Python `bcrypt` package's `kdf` (Tests/Rig/generate_bcrypt_pbkdf_vectors.py) in the shapes
/// OpenSSH uses.
final class BCryptPBKDFTests: XCTestCase {
    func testOpenBSDReferenceVectorWithTwelveRounds() throws {
        let key = try BCryptPBKDF.deriveKey(passphrase: ascii("password"), salt: ascii("salt"), rounds: 12, length: 32)
        XCTAssertEqual(key.hexString, "1ae42c05d487bc02f64921a4ebe4ea93bcacfe135fda99974c06b7b01fae149a")
    }

    func testOpenBSDReferenceVectorWithNULBytesInPassphraseAndSalt() throws {
        let key = try BCryptPBKDF.deriveKey(
            passphrase: ascii("passwordy\0PASSWORD\0"), salt: ascii("salty\0SALT\0"), rounds: 3, length: 32)
        XCTAssertEqual(key.hexString, "7f310bd3e78c3280c59ce4595211a2928e8d4ec744c1ed2efc9f764e3388e0ad")
    }

    func testOpenBSDReferenceVectorWithUTF8AndInterleavedEightyEightBytes() throws {
        let key = try BCryptPBKDF.deriveKey(
            passphrase: ascii("секретное слово"), salt: ascii("посолить немножко"), rounds: 8, length: 88)
        XCTAssertEqual(
            key.hexString,
            "8df43fc6fe131fc47f0c9e39224bd94c70b6fcc8ee8135faddf61156e6cb2733ea765f315a3e1e4afc35bf8687d189254c1e05a6fe80c0617f9183d67260d6a115c6c94e3603e2303fbb43a76a64523ffda686b1d4518543")
    }

    func testAES256CTRKeyAndIVAtOpenSSHDefaultRoundsMatchPythonBcrypt() throws {
        let key = try BCryptPBKDF.deriveKey(
            passphrase: ascii("correct horse battery staple"), salt: Array(0..<16), rounds: 16, length: 48)
        XCTAssertEqual(
            key.hexString,
            "800e37c007983f658e60a0bb3d6d9da43b1adf37371d89ce9a5506d6ed3efcf91f79d8b9d7617ea8f98bf45c362a3153")
    }

    func testAES128KeyAndIVMatchPythonBcrypt() throws {
        let key = try BCryptPBKDF.deriveKey(passphrase: ascii("password"), salt: ascii("salt"), rounds: 4, length: 32)
        XCTAssertEqual(key.hexString, "5bbf0cc293587f1c3635555c27796598d47e579071bf427e9d8fbe842aba34d9")
    }

    func testOneByteOfEverythingMatchesPythonBcrypt() throws {
        XCTAssertEqual(try BCryptPBKDF.deriveKey(passphrase: ascii("p"), salt: ascii("s"), rounds: 1, length: 1), [0xca])
    }

    func testOutputSpreadOverFourBlocksMatchesPythonBcrypt() throws {
        let key = try BCryptPBKDF.deriveKey(
            passphrase: hex("00ff62696e61727900"), salt: [UInt8](repeating: 1, count: 64), rounds: 2, length: 100)
        XCTAssertEqual(key.hexString, PythonBcrypt.hundredBytes)
    }

    func testFiveHundredTwelveBytesFromLongInputsMatchPythonBcrypt() throws {
        let key = try BCryptPBKDF.deriveKey(
            passphrase: [UInt8](repeating: UInt8(ascii: "x"), count: 200),
            salt: [UInt8](repeating: UInt8(ascii: "y"), count: 300), rounds: 1, length: 512)
        XCTAssertEqual(key.hexString, PythonBcrypt.fiveHundredTwelveBytes)
    }

    func testEmptyPassphraseIsRefusedAsTheReferenceDoes() {
        XCTAssertThrowsError(try BCryptPBKDF.deriveKey(passphrase: [], salt: ascii("s"), rounds: 1, length: 32)) { error in
            XCTAssertEqual((error as? CryptoError)?.reason, .invalidParameter("the passphrase must not be empty"))
        }
    }

    func testZeroRoundsEmptySaltAndOversizedKeysAreRefused() {
        XCTAssertThrowsError(try BCryptPBKDF.deriveKey(passphrase: ascii("p"), salt: ascii("s"), rounds: 0, length: 32))
        XCTAssertThrowsError(try BCryptPBKDF.deriveKey(passphrase: ascii("p"), salt: [], rounds: 1, length: 32))
        XCTAssertThrowsError(try BCryptPBKDF.deriveKey(passphrase: ascii("p"), salt: ascii("s"), rounds: 1, length: 1025))
        XCTAssertThrowsError(try BCryptPBKDF.deriveKey(passphrase: ascii("p"), salt: ascii("s"), rounds: 1, length: 0))
    }
}

/// Long expected values, from Tests/Rig/generate_bcrypt_pbkdf_vectors.py.
private enum PythonBcrypt {
    static let hundredBytes =
        "ed6ee282cbad6d9e739115a9c040c6d085b1378a736c876a6673bb4ca0382e1808cd1349153057f671a7d3e42be3e3d3"
            + "6b23bf995c85920bcd3c9eb2f2f2c852255c7687edfd9a12e4cc4ccc5e1fcc3fa1efbb496454c0438b24d88c1576bc87"
            + "1214b58f"
    static let fiveHundredTwelveBytes =
        "d22d6cf691f677ad1298cdbea91701813506be3ffaf59cd287b3441bfa385694e1ebd400d1e63766711d04508c73f880"
            + "fe07e2f27332f389a53d8609fc6117bc413ecbb01567effc6bb41c44ec152886bc5edfd4a84ddfaf3d120243dcdf5c03"
            + "41a030a7230e3330466ee72aa564964a5d8360dd2777e2dfdeffa58b755552700279bcee4a740e143231a84f65e0c496"
            + "fee427c610aa4d00fca3dc40402453e11f76b2d6c2306857ea0e6248528cb55e4ffb62175005f974ca899e3c46f63535"
            + "f0b2de616ff73d88d091a097ad2290d6d6386a3b4453c1a92d88170d39c719ea5f907497d06300905bdd65c5482f64a5"
            + "11b29abce835b52f3420d9abf175fc69f4e850294aeadff06e82e1557721174bac67e02c673c1d929bc38eba3d195539"
            + "10c5b0f0efcf832ed942ef40b420102b72945b8b00ddde5ee0f7e66d528912b5b236c0eddef1d5d470b83c4f5f341dd9"
            + "d8bca2671e6260c8491b997885cc98eb652aa5c663eb17e3c1f490961f2091e7b41b6741e06bf7f018f8b6830e004db7"
            + "f55a38201f90d0b498b53595037835de0ea1ccbbcea8aa3c70e7ef01049c95503ba0d7aec25e419ca74b1ba140fc0bf0"
            + "ad8d07129c14f092950e65881a4fd3b1c3ed1962b7ba430912022587c7ea19bdffd906c4cd2b711f7d944f738f388899"
            + "04e351f38f6fd98cccf0a1a59155770c7ab0ad89d5633bc81c2ef224c2f85a20"
}
