import XCTest
@testable import TermindRemoteInfrastructure

/// A listener out of file descriptors pauses 0.2 s each time and says so at most once a second,
/// with how many failures there were since the line before.
final class AcceptBackoffTests: XCTestCase {
    private let start = ContinuousClock.now

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start.advanced(by: .milliseconds(milliseconds)) }

    func testEachFailurePausesTheListenerForAMoment() {
        var backoff = AcceptBackoff()
        XCTAssertFalse(backoff.isPaused(at: at(0)))
        _ = backoff.failed(at: at(0))
        XCTAssertTrue(backoff.isPaused(at: at(199)))
        XCTAssertEqual(backoff.pausedUntil, at(200), "the loop's poll waits until then")
        XCTAssertFalse(backoff.isPaused(at: at(200)))
        XCTAssertNil(backoff.pausedUntil, "a pause that has passed is forgotten")
    }

    func testFailuresAreReportedAtMostOnceASecondWithTheirCount() {
        var backoff = AcceptBackoff()
        XCTAssertEqual(backoff.failed(at: at(0)), 1, "the first failure is said at once")
        // Retried every 0.2 s for two seconds: four more within the second, then a line.
        let reports = stride(from: 200, through: 2_000, by: 200).map { backoff.failed(at: at($0)) }
        XCTAssertEqual(reports, [nil, nil, nil, nil, 5, nil, nil, nil, nil, 5])
    }
}
