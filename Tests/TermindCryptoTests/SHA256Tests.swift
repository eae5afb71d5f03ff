import TermindCrypto
import XCTest

/// FIPS 180-2 appendix B and the NIST example values for SHA-256.
final class SHA256Tests: XCTestCase {
    func testHashOfABCMatchesFIPS180() {
        XCTAssertEqual(
            SHA256.hash(ascii("abc")).hexString,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testHashOfEmptyMessage() {
        XCTAssertEqual(
            SHA256.hash([]).hexString,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testHashOf448BitMessageMatchesFIPS180() {
        XCTAssertEqual(
            SHA256.hash(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).hexString,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testOneMillionAsFedInUnevenChunksMatchesFIPS180() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let hasher = SHA256()
        million.withUnsafeBytes { all in
            // 997 is prime, so chunk edges never line up with the 64-byte block size.
            var offset = 0
            while offset < all.count {
                let end = min(offset + 997, all.count)
                hasher.update(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                offset = end
            }
        }
        XCTAssertEqual(
            hasher.finalize().hexString,
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testIncrementalArrayUpdatesEqualOneShotHash() {
        let hasher = SHA256()
        hasher.update(ascii("ab"))
        hasher.update([])
        hasher.update(ascii("c"))
        XCTAssertEqual(hasher.finalize(), SHA256.hash(ascii("abc")))
    }

    func testFinalizeMidStreamLetsTheRunningDigestContinue() {
        let hasher = SHA256()
        hasher.update(ascii("abc"))
        XCTAssertEqual(hasher.finalize(), SHA256.hash(ascii("abc")))
        hasher.update(ascii("dbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))
        XCTAssertEqual(
            hasher.finalize().hexString,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testFreshHasherFinalizesToEmptyMessageDigest() {
        XCTAssertEqual(SHA256().finalize(), SHA256.hash([]))
        XCTAssertEqual(SHA256.byteCount, 32)
    }
}
