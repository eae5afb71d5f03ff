import TermindDomain
import XCTest

final class KeyFingerprintTests: XCTestCase {
    /// SHA-256 of the empty string, whose unpadded base64 is well known.
    private let emptyDigest: [UInt8] = [
        0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
        0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
    ]

    func testDescriptionIsSHA256PrefixAndBase64WithoutPadding() throws {
        let fingerprint = try XCTUnwrap(KeyFingerprint(sha256: emptyDigest))
        XCTAssertEqual(fingerprint.description, "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU")
    }

    func testParsesItsOwnTextWithOrWithoutPadding() throws {
        let fingerprint = try XCTUnwrap(KeyFingerprint(sha256: emptyDigest))
        XCTAssertEqual(KeyFingerprint(fingerprint.description), fingerprint)
        XCTAssertEqual(KeyFingerprint(fingerprint.description + "="), fingerprint)
    }

    func testRejectsDigestsThatAreNotThirtyTwoBytes() {
        XCTAssertNil(KeyFingerprint(sha256: Array(emptyDigest.dropLast())))
        XCTAssertNil(KeyFingerprint(sha256: []))
        XCTAssertNil(KeyFingerprint("MD5:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"))
        XCTAssertNil(KeyFingerprint("SHA256:not base64!"))
    }
}
