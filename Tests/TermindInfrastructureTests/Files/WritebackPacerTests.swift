@testable import TermindInfrastructure
import XCTest

/// What a writer hands to the kernel's writeback while a copy goes on: every `stride` bytes of
/// progress, never the same bytes twice, nothing for a write that lands behind.
final class WritebackPacerTests: XCTestCase {
    private let mebibyte: UInt64 = 1 << 20

    func testWritesInOrderAreHandedOverOneStrideAtATime() {
        let pacer = WritebackPacer()
        var handed: [Range<UInt64>] = []
        for end in stride(from: mebibyte, through: 20 * mebibyte, by: Int(mebibyte)) {
            if let range = pacer.handOver(through: end) { handed.append(range) }
        }
        XCTAssertEqual(handed, [0..<8 * mebibyte, 8 * mebibyte..<16 * mebibyte])
    }

    func testAWriteLandingBehindTheLastHandOverHandsNothing() {
        let pacer = WritebackPacer()
        XCTAssertEqual(pacer.handOver(through: 9 * mebibyte), 0..<9 * mebibyte)
        XCTAssertNil(pacer.handOver(through: 8 * mebibyte + 512))
        XCTAssertNil(pacer.handOver(through: 16 * mebibyte))
        XCTAssertEqual(pacer.handOver(through: 17 * mebibyte), 9 * mebibyte..<17 * mebibyte)
    }
}
