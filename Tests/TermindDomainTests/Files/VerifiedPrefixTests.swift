import TermindDomain
import XCTest

/// `VerifiedPrefix`: the contiguous run of acknowledged writes from the start, with the digest
/// of exactly that run, while writes complete out of order.
final class VerifiedPrefixTests: XCTestCase {
    private let bytes = Array("0123456789abcdefghij".utf8)

    /// Hashes `bytes` in chunks of four, as a transfer would before writing them.
    private func hashedInChunks(into prefix: inout VerifiedPrefix) {
        var digest = ContentDigest()
        for start in stride(from: 0, to: bytes.count, by: 4) {
            digest.update(Array(bytes[start..<start + 4]))
            prefix.hashed(through: UInt64(start + 4), sha256: digest.hex)
        }
    }

    private func hex(upTo end: Int) -> String { ContentDigest.hex(of: Array(bytes[..<end])) }

    func testNothingAcknowledgedIsAnEmptyPrefix() {
        var prefix = VerifiedPrefix()
        hashedInChunks(into: &prefix)
        XCTAssertEqual(prefix.length, 0)
        XCTAssertEqual(prefix.sha256, ContentDigest.emptyHex)
    }

    func testALaterWriteDoesNotCountUntilTheGapBeforeItIsFilled() {
        var prefix = VerifiedPrefix()
        hashedInChunks(into: &prefix)
        prefix.acknowledged(from: 8, count: 4)
        prefix.acknowledged(from: 4, count: 4)
        XCTAssertEqual(prefix.length, 0)
        prefix.acknowledged(from: 0, count: 4)
        XCTAssertEqual(prefix.length, 12)
        XCTAssertEqual(prefix.sha256, hex(upTo: 12))
        prefix.acknowledged(from: 16, count: 4)
        XCTAssertEqual(prefix.length, 12)
        prefix.acknowledged(from: 12, count: 4)
        XCTAssertEqual(prefix.length, 20)
        XCTAssertEqual(prefix.sha256, hex(upTo: 20))
    }

    func testAChunkWrittenInPiecesCountsOnlyWhenItsEndIsReached() {
        var prefix = VerifiedPrefix()
        hashedInChunks(into: &prefix)
        prefix.acknowledged(from: 0, count: 2)
        XCTAssertEqual(prefix.length, 0, "no digest is known for the middle of a chunk")
        prefix.acknowledged(from: 2, count: 2)
        XCTAssertEqual(prefix.length, 4)
        XCTAssertEqual(prefix.sha256, hex(upTo: 4))
    }

    func testPiecesStartingInsideAnAcknowledgedRunAreAbsorbed() {
        var prefix = VerifiedPrefix()
        hashedInChunks(into: &prefix)
        prefix.acknowledged(from: 6, count: 6)
        prefix.acknowledged(from: 0, count: 8)
        XCTAssertEqual(prefix.length, 12)
        XCTAssertEqual(prefix.sha256, hex(upTo: 12))
    }

    func testAResumedPrefixStartsFromItsLengthAndDigest() {
        var prefix = VerifiedPrefix(length: 8, sha256: hex(upTo: 8))
        var digest = ContentDigest()
        digest.update(Array(bytes[..<8]))
        digest.update(Array(bytes[8..<12]))
        prefix.hashed(through: 12, sha256: digest.hex)
        XCTAssertEqual(prefix.length, 8)
        prefix.acknowledged(from: 8, count: 4)
        XCTAssertEqual(prefix.length, 12)
        XCTAssertEqual(prefix.sha256, hex(upTo: 12))
    }
}
