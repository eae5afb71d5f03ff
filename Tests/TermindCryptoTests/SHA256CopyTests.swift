import TermindCrypto
import XCTest

/// `SHA256.copy()`: the transfer engine keeps the digest of a verified prefix while hashing on.
final class SHA256CopyTests: XCTestCase {
    func testCopyContinuesFromTheSameStateAsTheOriginal() {
        let original = SHA256()
        original.update(Array("abc".utf8))
        let copy = original.copy()
        copy.update(Array("def".utf8))
        XCTAssertEqual(copy.finalize(), SHA256.hash(Array("abcdef".utf8)))
    }

    func testFeedingTheCopyLeavesTheOriginalUnchanged() {
        let original = SHA256()
        original.update(Array("abc".utf8))
        let copy = original.copy()
        copy.update(Array("xyz".utf8))
        original.update(Array("d".utf8))
        XCTAssertEqual(original.finalize(), SHA256.hash(Array("abcd".utf8)))
        XCTAssertEqual(copy.finalize(), SHA256.hash(Array("abcxyz".utf8)))
    }
}
