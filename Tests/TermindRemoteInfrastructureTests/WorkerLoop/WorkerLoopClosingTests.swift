@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// How a channel ends: its data first, the exit status only once the server's close came, and
/// a close from this side that frees the channel only after the server answered it.
final class WorkerLoopClosingTests: XCTestCase {
    func testTheExitStatusComesAfterTheDataOnceTheServerClosed() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("echo out; exit 3")
        process.channel.send("out\n")
        process.channel.send("err\n", on: .stderr)
        process.channel.remoteEOF = true
        try harness.pump()

        var output = try await WorkerLoopHarness.take(process.handle.output)
        XCTAssertEqual(output.stdout, Array("out\n".utf8))
        XCTAssertEqual(output.stderr, Array("err\n".utf8))
        XCTAssertNil(output.exit, "the exit came before the server's close")

        process.channel.exitStatus = 3
        process.channel.remoteClosed = true
        try harness.pump(2)

        output = try await WorkerLoopHarness.take(process.handle.output)
        XCTAssertEqual(output.exit, .exit(status: 3, signal: nil))
        XCTAssertTrue(process.handle.output.hasEnded)
        XCTAssertTrue(process.channel.freed)
        XCTAssertTrue(harness.loop.channels.isEmpty)
    }

    func testAKilledCommandReportsItsSignalAndNoStatus() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("sleep 60")
        process.channel.remoteEOF = true
        process.channel.remoteClosed = true
        process.channel.exitSignal = "TERM"
        try harness.pump(2)

        let taken = try await WorkerLoopHarness.take(process.handle.output)
        XCTAssertEqual(taken.exit, .exit(status: nil, signal: "TERM"))
    }

    func testClosingReleasesTheCallerOnceTheCloseIsSentAndFreesTheChannelOnceTheServerAnswers() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("sleep 60")
        let id = process.handle.id

        try await harness.request(turns: 1) { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.closeChannel(id, continuation: continuation)
        }
        XCTAssertTrue(process.channel.closeSent)
        XCTAssertFalse(process.channel.freed, "freed before the server's close came")
        XCTAssertTrue(process.handle.output.hasEnded)
        XCTAssertNotNil(harness.loop.channels[id])

        process.channel.remoteClosed = true
        try harness.pump()
        XCTAssertTrue(process.channel.freed)
        XCTAssertNil(harness.loop.channels[id])
    }

    func testInputAfterTheCommandEndedFailsSayingSo() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("true")
        let id = process.handle.id
        process.channel.remoteEOF = true
        process.channel.remoteClosed = true
        try harness.pump(2)

        do {
            try await harness.request { (loop, continuation: CheckedContinuation<Void, any Error>) in
                loop.write(Array("late".utf8), to: id, continuation: continuation)
            }
            XCTFail("an ended command took input")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .channel)
            XCTAssertTrue(failure.detail.contains("takes no more input"), failure.detail)
        }
    }

    func testEndingTheLoopFinishesEveryStreamAndDisconnects() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("sleep 60")
        harness.loop.end(.failed(SSHFailure(.dropped, connection: "fake", detail: "lost")))

        XCTAssertTrue(harness.transport.disconnected)
        do {
            _ = try await WorkerLoopHarness.take(process.handle.output)
            XCTFail("the stream ended without the failure")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .dropped)
        }
    }

    // MARK: Closing a plain exec ends its command

    func testClosingARunningCommandSendsItSIGTERMBeforeTheClose() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("sleep 1000")
        harness.transport.calls = []
        try await close(process.handle.id, on: harness)
        XCTAssertEqual(process.channel.requests, ["exec sleep 1000", "signal TERM"])
        let number = process.channel.number
        XCTAssertEqual(Array(harness.transport.calls.filter { $0.hasPrefix("signal") || $0.hasPrefix("close") }.prefix(2)),
                       ["signal TERM \(number)", "close \(number)"])
        XCTAssertTrue(process.channel.closeSent)
    }

    func testAServerThatNeverAnswersTheSignalHoldsTheCloseOnlyForItsPatience() async throws {
        let harness = try WorkerLoopHarness()
        harness.loop.signalPatience = .milliseconds(50)
        let process = try await harness.exec("sleep 1000")
        // Sent, then libssh2 waits for an answer that never comes.
        process.channel.scriptedCalls["signal TERM"] = Array(repeating: .wouldBlock(.inbound), count: 100)
        let (closing, closed) = await Self.awaited(Void.self)
        harness.loop.closeChannel(process.handle.id, continuation: closing)
        let waiting = try harness.pump(3)
        XCTAssertFalse(process.channel.closeSent, "the answer is waited for")
        XCTAssertGreaterThan(waiting, 0, "the loop sleeps until the patience runs out")
        XCTAssertLessThanOrEqual(waiting, 50, "not until the I/O timeout")
        harness.advance(by: .milliseconds(60))
        XCTAssertEqual(try harness.pump(), 0, "giving up is progress: the close goes on without waiting for the socket")
        try harness.pump(2)
        try await closed.value
        XCTAssertTrue(process.channel.closeSent)
    }

    /// libssh2 1.10 fails a request whose wait for its answer reads another channel's answer
    /// (issue 671), as if the connection were lost: a command closed while another starts.
    func testACommandStartedWhileAClosedOnesSignalAwaitsItsAnswerStartsOnlyAfterThatAnswer() async throws {
        let harness = try WorkerLoopHarness()
        let first = try await harness.exec("sleep 1000")
        first.channel.scriptedCalls["signal TERM"] = [.wouldBlock(.inbound), .wouldBlock(.inbound)]
        harness.transport.calls = []
        // Both requests in flight at once, made on this thread as the loop's jobs would be.
        let (closing, closed) = await Self.awaited(Void.self)
        let (opening, opened) = await Self.awaited(ChannelHandle.self)
        harness.loop.closeChannel(first.handle.id, continuation: closing)
        harness.loop.openExec("uptime", continuation: opening)
        try harness.pump(6)
        try await closed.value
        let second = try await opened.value
        let calls = harness.transport.calls
        let answered = try XCTUnwrap(calls.lastIndex { $0.hasPrefix("signal TERM") }, "\(calls)")
        let openedAt = try XCTUnwrap(calls.firstIndex { $0.hasPrefix("open") }, "\(calls)")
        XCTAssertEqual(calls.filter { $0.hasPrefix("signal TERM") }.count, 3, "asked until answered: \(calls)")
        XCTAssertLessThan(answered, openedAt, "the new channel waited for the signal's answer: \(calls)")
        XCTAssertNotEqual(second.id, first.handle.id)
        XCTAssertTrue(first.channel.closeSent)
    }

    func testASignalHalfSentIsFinishedBeforeTheClose() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("sleep 1000")
        process.channel.scriptedCalls["signal TERM"] = [.wouldBlock(.outbound)]
        harness.transport.calls = []
        try await close(process.handle.id, on: harness, turns: 3)
        let number = process.channel.number
        // The close then waits for the server's answer, asked again each turn.
        XCTAssertEqual(Array(harness.transport.calls.filter { $0.hasPrefix("signal") || $0.hasPrefix("close") }.prefix(3)),
                       ["signal TERM \(number)", "signal TERM \(number)", "close \(number)"])
    }

    func testARefusedSignalStillClosesTheChannel() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("sleep 1000")
        process.channel.scriptedCalls["signal TERM"] = [.failed(SSH2Fault(code: -22, message: "Unable to complete request for channel-process-startup"))]
        try await close(process.handle.id, on: harness)
        XCTAssertTrue(process.channel.closeSent)
    }

    func testAShellOnAPTYOrACommandThatEndedGetsNoSignal() async throws {
        let harness = try WorkerLoopHarness()
        let shell: ChannelHandle = try await harness.request { loop, continuation in
            loop.openShell(term: "xterm", size: TerminalSize(columns: 80, rows: 24), environment: [:], continuation: continuation)
        }
        let shellChannel = try XCTUnwrap(harness.transport.opened.last)
        try await close(shell.id, on: harness)
        XCTAssertFalse(shellChannel.requests.contains { $0.hasPrefix("signal") }, "sshd hangs up a PTY's processes itself")

        let ended = try await harness.exec("true")
        ended.channel.remoteEOF = true
        try harness.pump()
        try await close(ended.handle.id, on: harness)
        XCTAssertFalse(ended.channel.requests.contains { $0.hasPrefix("signal") }, "its command had already ended")
    }

    /// A continuation to hand the loop, and the task that awaits what it is resumed with.
    private static func awaited<T: Sendable>(_: T.Type) async -> (CheckedContinuation<T, any Error>, Task<T, any Error>) {
        let (stream, handOver) = AsyncStream.makeStream(of: CheckedContinuation<T, any Error>.self)
        let task = Task { try await withCheckedThrowingContinuation { handOver.yield($0) } }
        var continuations = stream.makeAsyncIterator()
        return (await continuations.next()!, task)
    }

    private func close(_ id: Int, on harness: WorkerLoopHarness, turns: Int = 1) async throws {
        try await harness.request(turns: turns) { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.closeChannel(id, continuation: continuation)
        }
    }
}
