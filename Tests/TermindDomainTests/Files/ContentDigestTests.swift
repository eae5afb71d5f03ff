import TermindDomain
import XCTest

/// `ContentDigest`: SHA-256 of streamed content with value semantics, so a prefix's digest can
/// be kept while hashing goes on.
final class ContentDigestTests: XCTestCase {
    func testFeedingInPiecesGivesTheDigestOfTheWhole() {
        var digest = ContentDigest()
        digest.update(Array("ab".utf8))
        digest.update([])
        digest.update(Array("c".utf8))
        XCTAssertEqual(digest.hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(digest.byteCount, 3)
    }

    func testACopyGoesOnIndependentlyOfTheOriginal() {
        var prefix = ContentDigest()
        prefix.update(Array("abc".utf8))
        var whole = prefix
        whole.update(Array("def".utf8))
        XCTAssertEqual(prefix.hex, ContentDigest.hex(of: Array("abc".utf8)))
        XCTAssertEqual(whole.hex, ContentDigest.hex(of: Array("abcdef".utf8)))
        XCTAssertEqual(prefix.byteCount, 3)
        XCTAssertEqual(whole.byteCount, 6)
    }

    func testAskingForTheDigestLetsFeedingContinue() {
        var digest = ContentDigest()
        digest.update(Array("abc".utf8))
        _ = digest.hex
        digest.update(Array("d".utf8))
        XCTAssertEqual(digest.hex, ContentDigest.hex(of: Array("abcd".utf8)))
    }

    func testTheEmptyDigestIsSHA256OfNothing() {
        XCTAssertEqual(ContentDigest.emptyHex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(ContentDigest().hex, ContentDigest.emptyHex)
    }
}
