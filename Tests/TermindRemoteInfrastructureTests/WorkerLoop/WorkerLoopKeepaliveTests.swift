@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// Keepalives once established: sent at their interval, the loop wakes for them, a server that
/// answers nothing is declared lost after the Host's count of them, with or without a channel
/// open, and a Host with keepalives off never sends one. The loop runs on the harness's test
/// clock: seconds of keepalives take no time.
final class WorkerLoopKeepaliveTests: XCTestCase {
    func testKeepalivesGoAtTheirIntervalAndTheLoopWakesForThem() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        _ = try await harness.exec("sleep 60")
        let started = harness.now
        // The loop sleeps only as long as it asks: a keepalive it did not wake for would be late.
        try harness.run(for: .milliseconds(2_500), step: .seconds(10)) { timeout in
            XCTAssertGreaterThanOrEqual(timeout, 0, "the loop would sleep past the next keepalive")
            XCTAssertLessThanOrEqual(timeout, 1_000)
        }

        let sent = harness.transport.probesSent
        XCTAssertEqual(sent.count, 2, "\(sent.map { started.duration(to: $0) })")
        for (earlier, later) in zip(sent, sent.dropFirst()) {
            XCTAssertGreaterThanOrEqual(earlier.duration(to: later), .seconds(1), "never early")
            XCTAssertLessThan(earlier.duration(to: later), .milliseconds(1_010), "on time")
        }
    }

    func testAServerThatAnswersNothingIsLostAfterThreeKeepalives() async throws {
        // Before the loop exists: the silence is counted from its last inbound packet, never earlier.
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        let started = harness.now
        harness.transport.answersProbes = false
        _ = try await harness.exec("sleep 60")
        do {
            try harness.run(for: .seconds(8), step: .milliseconds(100))
            XCTFail("a silent server was never declared lost")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .dropped)
            XCTAssertTrue(failure.detail.hasPrefix("no answer from the server to 3 keepalives in 4"), failure.detail)
            XCTAssertTrue(failure.detail.hasSuffix("the connection is considered lost, reconnect"), failure.detail)
        }
        let waited = started.duration(to: harness.now)
        XCTAssertGreaterThanOrEqual(waited, .seconds(4))
        XCTAssertLessThan(waited, .milliseconds(4_200))
        // The first goes one interval after authentication (as ssh's ServerAliveInterval) and
        // waits; the silence of three intervals more decides.
        XCTAssertEqual(harness.transport.probesSent.count, 1, "a second probe while the first waits would restart libssh2's open")
    }

    func testDataFromTheServerKeepsAQuietConnectionAlive() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        let process = try await harness.exec("tail -f log")
        try harness.run(for: .milliseconds(4_500), step: .milliseconds(100)) { _ in process.channel.send(".") }
        // Past the 4 s a silent server gets, and still up.
        XCTAssertGreaterThanOrEqual(harness.transport.probesSent.count, 4)
        XCTAssertTrue(process.handle.output.hasBuffered)
        XCTAssertFalse(process.handle.output.hasEnded)
    }

    func testTheHostsCountDecidesHowManyUnansweredKeepalivesLoseTheConnection() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1, keepaliveCountMax: 2)
        let started = harness.now
        harness.transport.answersProbes = false
        _ = try await harness.exec("sleep 60")
        let failure = try pumpUntilLost(harness, atMost: .seconds(8))
        XCTAssertTrue(failure.detail.hasPrefix("no answer from the server to 2 keepalives in 3"), failure.detail)
        let waited = started.duration(to: harness.now)
        XCTAssertGreaterThanOrEqual(waited, .seconds(3))
        XCTAssertLessThan(waited, .milliseconds(3_100))
    }

    func testWithNoChannelOpenAProbeGoesEachIntervalAndItsAnswerKeepsTheConnection() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1, keepaliveCountMax: 2)
        let started = harness.now
        try harness.run(for: .milliseconds(4_500), step: .seconds(10)) { timeout in
            XCTAssertGreaterThanOrEqual(timeout, 0, "the loop would sleep past the next keepalive")
            XCTAssertLessThanOrEqual(timeout, 1_000)
        }
        XCTAssertEqual(harness.transport.probesSent.count, 4, "\(harness.transport.probesSent.map { started.duration(to: $0) })")
    }

    func testWithNoChannelOpenAServerThatAnswersNothingIsLostAfterTheHostsCount() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1, keepaliveCountMax: 2)
        let started = harness.now
        harness.transport.answersProbes = false
        let failure = try pumpUntilLost(harness, atMost: .seconds(8))
        XCTAssertEqual(failure.kind, .dropped)
        XCTAssertTrue(failure.detail.hasPrefix("no answer from the server to 2 keepalives"), failure.detail)
        // The first probe one interval after authentication, then two intervals unanswered.
        let waited = started.duration(to: harness.now)
        XCTAssertGreaterThanOrEqual(waited, .seconds(3))
        XCTAssertLessThan(waited, .milliseconds(3_100))
        XCTAssertEqual(harness.transport.probesSent.count, 1, "a second probe while the first waits would restart libssh2's open")
    }

    func testAProbeAnswerLetsAChannelOpenAfterIt() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        harness.advance(by: .milliseconds(1_050))
        harness.transport.answersProbes = false
        try harness.pump()
        XCTAssertEqual(harness.transport.probesSent.count, 1)
        harness.transport.answersProbes = true
        let process = try await harness.exec("uptime")
        XCTAssertEqual(harness.transport.calls.filter { $0 == "probe" || $0.hasPrefix("open") }.suffix(2), ["probe", "open session"])
        XCTAssertFalse(process.handle.output.hasEnded)
    }

    func testAHostWithKeepalivesOffNeverSendsOne() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 0)
        let noneDue = { (timeout: Int32) in
            XCTAssertEqual(timeout, -1, "nothing is due: the loop sleeps until the socket or a job wakes it")
        }
        try harness.run(for: .milliseconds(1_200), turn: noneDue)
        _ = try await harness.exec("sleep 60")
        try harness.run(for: .milliseconds(1_300), turn: noneDue)
        XCTAssertEqual(harness.transport.probesSent, [])
        XCTAssertFalse(harness.transport.calls.contains { $0 == "keepalive" || $0 == "probe" }, "\(harness.transport.calls)")
    }

    /// Runs the loop as its thread would until it throws the connection's loss.
    private func pumpUntilLost(_ harness: WorkerLoopHarness, atMost limit: Duration) throws -> SSHFailure {
        do {
            try harness.run(for: limit)
        } catch let failure as SSHFailure {
            return failure
        }
        XCTFail("a silent server was never declared lost")
        return SSHFailure(.dropped, connection: "fake", detail: "")
    }
}
