import XCTest
@testable import TermindPresentation

final class ScrollbackRingTests: XCTestCase {
    func testPushingPastCapacityDropsTheOldest() {
        var ring = ScrollbackRing<Int>(capacity: 3)
        for value in 1...7 { ring.push(value) }

        XCTAssertEqual(ring.count, 3)
        XCTAssertEqual((0..<3).map { ring[$0] }, [5, 6, 7])
    }

    func testPopGivesBackTheNewestAndPushingAgainKeepsOrder() {
        var ring = ScrollbackRing<Int>(capacity: 3)
        for value in 1...5 { ring.push(value) }

        XCTAssertEqual(ring.popNewest(), 5)
        XCTAssertEqual(ring.popNewest(), 4)
        ring.push(8)
        ring.push(9)
        ring.push(10)

        XCTAssertEqual((0..<ring.count).map { ring[$0] }, [8, 9, 10])
        XCTAssertEqual(ring.popNewest(), 10)
        XCTAssertEqual(ring.popNewest(), 9)
        XCTAssertEqual(ring.popNewest(), 8)
        XCTAssertNil(ring.popNewest())
    }

    func testZeroCapacityKeepsNothing() {
        var ring = ScrollbackRing<Int>(capacity: 0)
        ring.push(1)
        XCTAssertEqual(ring.count, 0)
        XCTAssertNil(ring.popNewest())
    }
}
