@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// Keepalives once established: sent at their interval, the loop wakes for them, and a server
/// that answers nothing is declared lost after three of them.
final class WorkerLoopKeepaliveTests: XCTestCase {
    func testKeepalivesGoAtTheirIntervalAndTheLoopWakesForThem() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        let started = ContinuousClock.now
        while started.duration(to: .now) < .milliseconds(2_500) {
            let timeout = try harness.pump()
            XCTAssertGreaterThanOrEqual(timeout, 0, "the loop would sleep past the next keepalive")
            XCTAssertLessThanOrEqual(timeout, 1_000)
            try await Task.sleep(for: .milliseconds(min(Int(timeout), 50)))
        }

        // Never early; late only by what a loaded machine delays a sleeping task (tests run in
        // parallel on two cores), never by a whole interval.
        let sent = harness.transport.keepalivesSent
        XCTAssertTrue((2...3).contains(sent.count), "\(sent.map { started.duration(to: $0) })")
        for (earlier, later) in zip(sent, sent.dropFirst()) {
            XCTAssertGreaterThanOrEqual(earlier.duration(to: later), .milliseconds(990))
            XCTAssertLessThan(earlier.duration(to: later), .milliseconds(2_000))
        }
    }

    func testAServerThatAnswersNothingIsLostAfterThreeKeepalives() async throws {
        // Before the loop exists: the silence is counted from its last inbound packet, never earlier.
        let started = ContinuousClock.now
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        _ = try await harness.exec("sleep 60")
        do {
            while started.duration(to: .now) < .seconds(8) {
                let timeout = try harness.pump()
                try await Task.sleep(for: .milliseconds(min(max(Int(timeout), 1), 100)))
            }
            XCTFail("a silent server was never declared lost")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .dropped)
            XCTAssertTrue(failure.detail.hasPrefix("no answer from the server to 3 keepalives in 4"), failure.detail)
            XCTAssertTrue(failure.detail.hasSuffix("the connection is considered lost, reconnect"), failure.detail)
        }
        XCTAssertGreaterThanOrEqual(started.duration(to: .now), .seconds(4))
        // The first goes one interval after authentication (as ssh's ServerAliveInterval), then
        // one each interval: three unanswered before the limit.
        XCTAssertGreaterThanOrEqual(harness.transport.keepalivesSent.count, 3)
    }

    func testDataFromTheServerKeepsAQuietConnectionAlive() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        let process = try await harness.exec("tail -f log")
        let started = ContinuousClock.now
        while started.duration(to: .now) < .milliseconds(4_500) {
            process.channel.send(".")
            let timeout = try harness.pump()
            try await Task.sleep(for: .milliseconds(min(max(Int(timeout), 1), 100)))
        }
        // Past the 4 s a silent server gets, and still up.
        XCTAssertGreaterThanOrEqual(harness.transport.keepalivesSent.count, 4)
        XCTAssertTrue(process.handle.output.hasBuffered)
        XCTAssertFalse(process.handle.output.hasEnded)
    }
}
