@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// Keepalives once established: sent at their interval, the loop wakes for them, a server that
/// answers nothing is declared lost after the Host's count of them, with or without a channel
/// open, and a Host with keepalives off never sends one.
final class WorkerLoopKeepaliveTests: XCTestCase {
    func testKeepalivesGoAtTheirIntervalAndTheLoopWakesForThem() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        _ = try await harness.exec("sleep 60")
        let started = ContinuousClock.now
        while started.duration(to: .now) < .milliseconds(2_500) {
            let timeout = try harness.pump()
            XCTAssertGreaterThanOrEqual(timeout, 0, "the loop would sleep past the next keepalive")
            XCTAssertLessThanOrEqual(timeout, 1_000)
            try await Task.sleep(for: .milliseconds(min(Int(timeout), 50)))
        }

        // Never early; late only by what a loaded machine delays a sleeping task (tests run in
        // parallel on two cores), never by a whole interval.
        let sent = harness.transport.probesSent
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
        harness.transport.answersProbes = false
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
        // The first goes one interval after authentication (as ssh's ServerAliveInterval) and
        // waits; the silence of three intervals more decides.
        XCTAssertEqual(harness.transport.probesSent.count, 1, "a second probe while the first waits would restart libssh2's open")
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
        XCTAssertGreaterThanOrEqual(harness.transport.probesSent.count, 4)
        XCTAssertTrue(process.handle.output.hasBuffered)
        XCTAssertFalse(process.handle.output.hasEnded)
    }

    func testTheHostsCountDecidesHowManyUnansweredKeepalivesLoseTheConnection() async throws {
        let started = ContinuousClock.now
        let harness = try WorkerLoopHarness(keepaliveInterval: 1, keepaliveCountMax: 2)
        harness.transport.answersProbes = false
        _ = try await harness.exec("sleep 60")
        let failure = try await pumpUntilLost(harness, atMost: .seconds(8))
        XCTAssertTrue(failure.detail.hasPrefix("no answer from the server to 2 keepalives in 3"), failure.detail)
        let waited = started.duration(to: .now)
        XCTAssertGreaterThanOrEqual(waited, .seconds(3))
        XCTAssertLessThan(waited, .seconds(4))
    }

    func testWithNoChannelOpenAProbeGoesEachIntervalAndItsAnswerKeepsTheConnection() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1, keepaliveCountMax: 2)
        let started = ContinuousClock.now
        while started.duration(to: .now) < .milliseconds(4_500) {
            let timeout = try harness.pump()
            XCTAssertGreaterThanOrEqual(timeout, 0, "the loop would sleep past the next keepalive")
            XCTAssertLessThanOrEqual(timeout, 1_000)
            try await Task.sleep(for: .milliseconds(min(Int(timeout), 50)))
        }
        XCTAssertTrue((3...5).contains(harness.transport.probesSent.count), "\(harness.transport.probesSent.map { started.duration(to: $0) })")
    }

    func testWithNoChannelOpenAServerThatAnswersNothingIsLostAfterTheHostsCount() async throws {
        let started = ContinuousClock.now
        let harness = try WorkerLoopHarness(keepaliveInterval: 1, keepaliveCountMax: 2)
        harness.transport.answersProbes = false
        let failure = try await pumpUntilLost(harness, atMost: .seconds(8))
        XCTAssertEqual(failure.kind, .dropped)
        XCTAssertTrue(failure.detail.hasPrefix("no answer from the server to 2 keepalives"), failure.detail)
        // The first probe one interval after authentication, then two intervals unanswered.
        let waited = started.duration(to: .now)
        XCTAssertGreaterThanOrEqual(waited, .seconds(3))
        XCTAssertLessThan(waited, .seconds(4))
        XCTAssertEqual(harness.transport.probesSent.count, 1, "a second probe while the first waits would restart libssh2's open")
    }

    func testAProbeAnswerLetsAChannelOpenAfterIt() async throws {
        let harness = try WorkerLoopHarness(keepaliveInterval: 1)
        try await Task.sleep(for: .milliseconds(1_050))
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
        let started = ContinuousClock.now
        var sawChannel = false
        while started.duration(to: .now) < .milliseconds(2_500) {
            if !sawChannel, started.duration(to: .now) > .milliseconds(1_200) {
                _ = try await harness.exec("sleep 60")
                sawChannel = true
            }
            XCTAssertEqual(try harness.pump(), -1, "nothing is due: the loop sleeps until the socket or a job wakes it")
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertEqual(harness.transport.probesSent, [])
        XCTAssertFalse(harness.transport.calls.contains { $0 == "keepalive" || $0 == "probe" }, "\(harness.transport.calls)")
    }

    /// Pumps as the loop would until it throws the connection's loss.
    private func pumpUntilLost(_ harness: WorkerLoopHarness, atMost limit: Duration) async throws -> SSHFailure {
        let started = ContinuousClock.now
        do {
            while started.duration(to: .now) < limit {
                let timeout = try harness.pump()
                try await Task.sleep(for: .milliseconds(min(max(Int(timeout), 1), 50)))
            }
        } catch let failure as SSHFailure {
            return failure
        }
        XCTFail("a silent server was never declared lost")
        return SSHFailure(.dropped, connection: "fake", detail: "")
    }
}
