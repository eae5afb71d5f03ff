@testable import TermindRemoteInfrastructure
import XCTest

/// poll(2) takes whole milliseconds: waits must round up, never to a busy zero, and clamp.
final class DurationPollTests: XCTestCase {
    func testPollMillisecondsRoundUpSoShortWaitsAreNotZero() {
        XCTAssertEqual(Duration.microseconds(1).pollMilliseconds, 1)
        XCTAssertEqual(Duration.milliseconds(1500).pollMilliseconds, 1500)
        XCTAssertEqual(Duration.zero.pollMilliseconds, 0)
        XCTAssertEqual(Duration.seconds(-3).pollMilliseconds, 0)
        XCTAssertEqual(Duration.seconds(10_000_000).pollMilliseconds, Int32.max)
    }
}
