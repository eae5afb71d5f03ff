import TermindCrypto
import XCTest

/// FIPS 180-2 appendix A and the NIST example values for SHA-1.
final class SHA1Tests: XCTestCase {
    func testHashOfABCMatchesFIPS180() {
        XCTAssertEqual(SHA1.hash(ascii("abc")).hexString, "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    func testHashOf448BitMessageMatchesFIPS180() {
        XCTAssertEqual(
            SHA1.hash(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).hexString,
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    func testHashOfEmptyMessage() {
        XCTAssertEqual(SHA1.hash([]).hexString, "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    func testOneMillionAsFedIncrementallyMatchesFIPS180() {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        let hasher = SHA1()
        for _ in 0..<1_000 { hasher.update(chunk) }
        XCTAssertEqual(hasher.finalize().hexString, "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    func testIncrementalUpdatesEqualOneShotHash() {
        let hasher = SHA1()
        ascii("abc").withUnsafeBytes { bytes in
            hasher.update(UnsafeRawBufferPointer(rebasing: bytes[0..<1]))
            hasher.update(UnsafeRawBufferPointer(rebasing: bytes[1..<3]))
        }
        XCTAssertEqual(hasher.finalize(), SHA1.hash(ascii("abc")))
        XCTAssertEqual(SHA1.byteCount, 20)
    }
}
