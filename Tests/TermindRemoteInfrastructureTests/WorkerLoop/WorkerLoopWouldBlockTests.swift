@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindDomain
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the loop does when the transport would block: it waits for the direction asked for,
/// retries a half-sent call before anything else, and never sleeps while data is already
/// buffered.
final class WorkerLoopWouldBlockTests: XCTestCase {
    func testAReadWaitingForDataPollsForInputOnly() async throws {
        let harness = try WorkerLoopHarness()
        _ = try await harness.exec()

        let timeout = try harness.pump()

        XCTAssertEqual(harness.loop.socketEvents, Int16(POLLIN))
        XCTAssertEqual(timeout, -1, "nothing is due: the loop sleeps until the socket or a job wakes it")
    }

    func testAnAnswerAnotherChannelsReadTookOffTheSocketCompletesItsRequestInTheSamePass() async throws {
        let harness = try WorkerLoopHarness()
        let shell = try await harness.exec("shell")
        // A second channel opens: the server's confirmation is not there yet, and when it comes
        // the shell's read takes it off the socket (that read itself finds nothing for the shell).
        harness.transport.openResults = Array(repeating: .wouldBlock(.inbound), count: 100)
        shell.channel.alsoArrivesOnRead = { harness.transport.openResults = [] }
        var openedAfterOnePump = 0
        let _: ChannelHandle = try await withCheckedThrowingContinuation { continuation in
            harness.loop.openExec("sftp", continuation: continuation)
            _ = try? harness.pump()
            openedAfterOnePump = harness.transport.opened.count
            for _ in 0..<10 { _ = try? harness.pump() }
        }

        XCTAssertEqual(openedAfterOnePump, 2, "the confirmation waited in libssh2's queue while the loop went to sleep on a quiet socket")
    }

    func testACallThatBlockedWhileSendingIsRetriedFirstOnceTheSocketIsWritable() async throws {
        let harness = try WorkerLoopHarness()
        let first = try await harness.exec()
        let second = try await harness.exec()
        second.channel.send("waiting\n")
        try await harness.request(turns: 0) { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.enqueue(Array("input".utf8), to: first.handle.id, continuation: continuation)
        }
        // The write goes out half: libssh2 must be called with it again before anything else.
        first.channel.scriptedCalls["write"] = [.wouldBlock(.outbound)]
        harness.transport.calls = []

        let timeout = try harness.pump()
        XCTAssertEqual(harness.loop.socketEvents & Int16(POLLOUT), Int16(POLLOUT), "the loop does not wait for room to write")
        XCTAssertNotEqual(timeout, 0, "the loop spins on a full socket")
        XCTAssertFalse(harness.transport.calls.contains("read stdout \(second.channel.number)"),
                       "another call came between the half-sent write and its retry: \(harness.transport.calls)")

        harness.transport.calls = []
        try harness.pump()
        XCTAssertEqual(harness.transport.calls.first, "write \(first.channel.number)")
        XCTAssertEqual(first.channel.written, Array("input".utf8))
        let taken = try await WorkerLoopHarness.take(second.handle.output)
        XCTAssertEqual(taken.stdout, Array("waiting\n".utf8))
        XCTAssertEqual(harness.loop.socketEvents & Int16(POLLOUT), 0)
    }

    func testAnAcceptPauseThatHasPassedDoesNotSpinTheLoopWhileTheSocketIsFull() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec()
        // A listener paused a while ago (out of descriptors): only the pass's last step, which a
        // socket full of a bulk transfer keeps it from, forgets the pause.
        let listener = WorkerListener(id: harness.loop.nextIdentifier(), rule: ForwardRule(kind: .local, bindAddress: nil, bindPort: 8080,
                                      targetHost: "localhost", targetPort: 80), descriptor: -1, remote: nil, target: nil, endpoint: "localhost:8080")
        _ = listener.backoff.failed(at: ContinuousClock.now.advanced(by: .seconds(-1)))
        harness.loop.listeners[listener.id] = listener
        try await harness.request(turns: 0) { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.enqueue(Array("bulk".utf8), to: process.handle.id, continuation: continuation)
        }
        process.channel.scriptedCalls["write"] = [.wouldBlock(.outbound)]

        let timeout = try harness.pump()

        XCTAssertTrue(harness.loop.outboundBlocked)
        XCTAssertEqual(timeout, -1, "the pause that has passed made the loop poll without waiting: a full core while the socket stays full")
    }

    func testDataAlreadyBufferedKeepsTheLoopFromSleeping() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec()
        try harness.pump()
        XCTAssertEqual(try harness.pump(), -1)

        // Another channel's read queued data for this one after its read in this pass.
        process.channel.scripted = [.wouldBlock(.inbound)]
        process.channel.bufferedElsewhere = true
        XCTAssertEqual(try harness.pump(), 0, "the loop would poll the socket while data waits in the transport")
        try harness.pump()
        XCTAssertFalse(process.channel.bufferedElsewhere)
    }

    func testACallBehindAnotherHalfSentPacketIsRetriedAndGivesUpAfterTheIOTimeout() async throws {
        let harness = try WorkerLoopHarness(ioTimeout: .milliseconds(300))
        let process = try await harness.exec()
        process.channel.scripted = Array(repeating: .wouldBlock(.behindHalfSentPacket), count: 10_000)

        XCTAssertEqual(try harness.pump(), 10, "a call blocked behind another's packet is retried soon")
        harness.advance(by: .milliseconds(400))
        do {
            try harness.pump()
            XCTFail("a packet that never finishes did not end the connection")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .dropped)
            XCTAssertTrue(failure.detail.contains("could not finish sending a packet within 0.3 s"), failure.detail)
        }
    }

    func testARequestThatWouldBlockIsRetriedUntilItIsAnswered() async throws {
        let harness = try WorkerLoopHarness()
        harness.transport.openResults = [.wouldBlock(.inbound), .wouldBlock(.inbound)]
        harness.transport.prepare = { $0.scripted = [.wouldBlock(.inbound)] }

        let process = try await harness.exec("uptime")

        XCTAssertEqual(process.channel.requests, ["exec uptime"])
        XCTAssertEqual(harness.transport.calls.filter { $0 == "open session" }.count, 3)
    }
}
