import TermindCrypto
import XCTest

/// AES-256-GCM against McGrew and Viega's GCM specification (test cases 13, 14 and 16), and
/// the ways a sealed box must refuse to open.
final class AESGCMTests: XCTestCase {
    // Test case 16: AES-256, 96-bit IV, 60-byte plaintext (a partial last block), 20-byte AAD.
    private let specKey = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
    private let specNonce = hex("cafebabefacedbaddecaf888")
    private let specAAD = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
    private let specPlaintext = hex(
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
    private let specCiphertext = hex(
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
            + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662")
    private let specTag = hex("76fc6ece0f4e1768cddf8853bb2d551b")

    // MARK: - Published vectors

    func testSealMatchesGCMSpecTestCase16() throws {
        let box = try AESGCM.seal(specPlaintext, key: specKey, nonce: specNonce, authenticating: specAAD)
        XCTAssertEqual(box.nonce, specNonce)
        XCTAssertEqual(box.ciphertext.hexString, specCiphertext.hexString)
        XCTAssertEqual(box.tag.hexString, specTag.hexString)
    }

    func testOpenRecoversGCMSpecTestCase16Plaintext() throws {
        let box = try AESGCM.SealedBox(nonce: specNonce, ciphertext: specCiphertext, tag: specTag)
        XCTAssertEqual(try AESGCM.open(box, key: specKey, authenticating: specAAD), specPlaintext)
    }

    func testEmptyPlaintextWithoutAADMatchesGCMSpecTestCase13() throws {
        let box = try AESGCM.seal([], key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12))
        XCTAssertEqual(box.ciphertext, [])
        XCTAssertEqual(box.tag.hexString, "530f8afbc74536b9a963b4f1c4cb738b")
        XCTAssertEqual(try AESGCM.open(box, key: [UInt8](repeating: 0, count: 32)), [])
    }

    func testOneZeroBlockMatchesGCMSpecTestCase14() throws {
        let box = try AESGCM.seal(
            [UInt8](repeating: 0, count: 16), key: [UInt8](repeating: 0, count: 32),
            nonce: [UInt8](repeating: 0, count: 12))
        XCTAssertEqual(box.ciphertext.hexString, "cea7403d4d606b6e074ec5d3baf39d18")
        XCTAssertEqual(box.tag.hexString, "d0d1c8a799996bf0265b98b5d48ab919")
    }

    // MARK: - Round trips

    func testRoundTripWithRandomNonce() throws {
        let key = try SecureRandom.bytes(count: 32)
        let message = ascii("correct horse battery staple")
        let first = try AESGCM.seal(message, key: key, authenticating: ascii("host:42"))
        let second = try AESGCM.seal(message, key: key, authenticating: ascii("host:42"))
        XCTAssertEqual(first.nonce.count, 12)
        XCTAssertEqual(first.tag.count, 16)
        XCTAssertNotEqual(first.nonce, second.nonce, "each seal draws a fresh nonce")
        XCTAssertNotEqual(first.ciphertext, second.ciphertext)
        XCTAssertEqual(try AESGCM.open(first, key: key, authenticating: ascii("host:42")), message)
        XCTAssertEqual(try AESGCM.open(second, key: key, authenticating: ascii("host:42")), message)
    }

    func testCombinedFormIsNonceCiphertextTagAndRoundTrips() throws {
        let key = try SecureRandom.bytes(count: 32)
        let box = try AESGCM.seal(ascii("secret"), key: key)
        XCTAssertEqual(box.combined, box.nonce + box.ciphertext + box.tag)
        let reread = try AESGCM.SealedBox(combined: box.combined)
        XCTAssertEqual(reread, box)
        XCTAssertEqual(try AESGCM.open(reread, key: key), ascii("secret"))
    }

    func testCombinedFormOfGCMSpecTestCase16Opens() throws {
        let box = try AESGCM.SealedBox(combined: specNonce + specCiphertext + specTag)
        XCTAssertEqual(try AESGCM.open(box, key: specKey, authenticating: specAAD), specPlaintext)
    }

    func testLargeMessageRoundTrips() throws {
        let key = try SecureRandom.bytes(count: 32)
        let message = try SecureRandom.bytes(count: 1 << 20)
        let box = try AESGCM.seal(message, key: key)
        XCTAssertEqual(box.ciphertext.count, message.count)
        XCTAssertEqual(try AESGCM.open(box, key: key), message)
    }

    // MARK: - Refusals

    func testFlippedCiphertextBitFailsAuthentication() throws {
        var ciphertext = specCiphertext
        ciphertext[7] ^= 0x01
        let box = try AESGCM.SealedBox(nonce: specNonce, ciphertext: ciphertext, tag: specTag)
        assertAuthenticationFails(try AESGCM.open(box, key: specKey, authenticating: specAAD))
    }

    func testFlippedTagBitFailsAuthentication() throws {
        var tag = specTag
        tag[15] ^= 0x80
        let box = try AESGCM.SealedBox(nonce: specNonce, ciphertext: specCiphertext, tag: tag)
        assertAuthenticationFails(try AESGCM.open(box, key: specKey, authenticating: specAAD))
    }

    func testChangedAADFailsAuthentication() throws {
        let box = try AESGCM.SealedBox(nonce: specNonce, ciphertext: specCiphertext, tag: specTag)
        var aad = specAAD
        aad[0] ^= 0x01
        assertAuthenticationFails(try AESGCM.open(box, key: specKey, authenticating: aad))
        assertAuthenticationFails(try AESGCM.open(box, key: specKey), "missing AAD")
    }

    func testChangedNonceFailsAuthentication() throws {
        var nonce = specNonce
        nonce[11] ^= 0x01
        let box = try AESGCM.SealedBox(nonce: nonce, ciphertext: specCiphertext, tag: specTag)
        assertAuthenticationFails(try AESGCM.open(box, key: specKey, authenticating: specAAD))
    }

    func testWrongKeyFailsAuthentication() throws {
        let box = try AESGCM.seal(ascii("secret"), key: specKey)
        var key = specKey
        key[31] ^= 0x01
        assertAuthenticationFails(try AESGCM.open(box, key: key))
    }

    func testKeyOfWrongLengthIsRefused() throws {
        XCTAssertThrowsError(try AESGCM.seal(ascii("x"), key: [UInt8](repeating: 1, count: 16))) { error in
            XCTAssertEqual((error as? CryptoError)?.reason, .invalidKeySize(expected: 32, actual: 16))
        }
        let box = try AESGCM.seal(ascii("x"), key: specKey)
        XCTAssertThrowsError(try AESGCM.open(box, key: [UInt8](repeating: 1, count: 33))) { error in
            XCTAssertEqual((error as? CryptoError)?.reason, .invalidKeySize(expected: 32, actual: 33))
        }
    }

    func testNonceOfWrongLengthIsRefused() {
        XCTAssertThrowsError(try AESGCM.seal(ascii("x"), key: specKey, nonce: [1, 2, 3])) { error in
            XCTAssertEqual((error as? CryptoError)?.reason, .invalidNonceSize(expected: 12, actual: 3))
        }
    }

    func testCombinedFormShorterThanNonceAndTagIsRefused() {
        XCTAssertThrowsError(try AESGCM.SealedBox(combined: [UInt8](repeating: 0, count: 27))) { error in
            XCTAssertEqual((error as? CryptoError)?.reason, .invalidSealedBoxSize(minimum: 28, actual: 27))
        }
        XCTAssertNoThrow(try AESGCM.SealedBox(combined: [UInt8](repeating: 0, count: 28)))
    }

    func testTagOfWrongLengthIsRefused() {
        XCTAssertThrowsError(try AESGCM.SealedBox(nonce: specNonce, ciphertext: [], tag: [1, 2, 3]))
    }

    private func assertAuthenticationFails(
        _ expression: @autoclosure () throws -> [UInt8], _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try expression(), message, file: file, line: line) { error in
            XCTAssertEqual((error as? CryptoError)?.isAuthenticationFailure, true, "\(error)", file: file, line: line)
        }
    }
}
