import Synchronization
@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// What a failure ends: a transport or crypto failure the whole connection, in words that say
/// so; a channel's own failure only that channel; a refused environment variable nothing.
final class WorkerLoopFailureTests: XCTestCase {
    func testALostSocketEndsTheConnectionSayingWhatWasBeingDone() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("cat log")
        process.channel.scripted = [.failed(SSH2Fault(code: -43, message: "Error recving data"))]

        do {
            try harness.pump()
            XCTFail("a lost socket did not end the connection")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .dropped)
            XCTAssertEqual(failure.detail, "reading stdout of command `cat …` with fake.example:22 failed: Error recving data (code -43). "
                + "The connection was lost; reconnect.")
        }
    }

    func testAnOversizedPacketEndsTheConnection() async throws {
        let harness = try WorkerLoopHarness()
        let shell = try await harness.exec()
        shell.channel.scripted = [.failed(SSH2Fault(code: -41, message: "Packet too large"))]

        XCTAssertThrowsError(try harness.pump()) { error in
            XCTAssertEqual((error as? SSHFailure)?.kind, .dropped, "\(error)")
        }
    }

    func testAChannelsOwnFailureEndsOnlyThatChannel() async throws {
        let harness = try WorkerLoopHarness()
        let failing = try await harness.exec("one")
        let other = try await harness.exec("two")
        failing.channel.scripted = [.failed(SSH2Fault(code: -26, message: "channel closed"))]
        other.channel.send("still here\n")

        try harness.pump()

        do {
            _ = try await WorkerLoopHarness.take(failing.handle.output)
            XCTFail("the failed channel's stream ended normally")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .channel)
            XCTAssertTrue(failure.detail.hasPrefix("reading command `one` with fake.example:22 failed: channel closed (code -26)."),
                          failure.detail)
        }
        let taken = try await WorkerLoopHarness.take(other.handle.output)
        XCTAssertEqual(taken.stdout, Array("still here\n".utf8))
    }

    func testARefusedEnvironmentVariableIsSkippedAndTheShellStarts() async throws {
        let harness = try WorkerLoopHarness()
        harness.transport.prepare = { $0.scripted = [.failed(SSH2Fault(code: -22, message: "Unable to complete request for channel-setenv"))] }

        let _: ChannelHandle = try await harness.request { loop, continuation in
            loop.openShell(term: "xterm", size: TerminalSize(columns: 80, rows: 24), environment: ["LANG": "C.UTF-8"],
                           continuation: continuation)
        }

        XCTAssertEqual(harness.transport.opened.first?.requests, ["pty xterm 80x24", "shell"])
    }

    func testARefusedCommandFailsItsOpenAndClosesTheChannel() async throws {
        let harness = try WorkerLoopHarness()
        harness.transport.prepare = { $0.scripted = [.failed(SSH2Fault(code: -22, message: "Unable to complete request for channel-process-startup"))] }

        do {
            _ = try await harness.exec("forbidden")
            XCTFail("a refused command opened")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .channel)
            XCTAssertTrue(failure.detail.hasPrefix("starting command `forbidden` with fake.example:22 failed"), failure.detail)
        }
        let channel = try XCTUnwrap(harness.transport.opened.first)
        channel.remoteClosed = true
        try harness.pump(2)
        XCTAssertTrue(channel.freed)
        XCTAssertTrue(harness.loop.channels.isEmpty)
    }

    func testPostedInputGoesOutInOrderWithWritesAndAFailureToWriteItIsHeard() async throws {
        let harness = try WorkerLoopHarness()
        let sftp = try await harness.exec("sftp")
        let id = sftp.handle.id
        let heard = Mutex<[String]>([])
        harness.loop.post(Array("one ".utf8), to: id) { error in heard.withLock { $0.append("one: \(error)") } }
        try await harness.request(turns: 1) { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.write(Array("two ".utf8), to: id, continuation: continuation)
        }
        harness.loop.post(Array("three".utf8), to: id) { _ in }
        _ = try harness.pump()
        XCTAssertEqual(String(decoding: sftp.channel.written, as: UTF8.self), "one two three")
        XCTAssertTrue(heard.withLock { $0.isEmpty })

        sftp.channel.scriptedCalls["write"] = [.failed(SSH2Fault(code: -26, message: "unable to send"))]
        harness.loop.post(Array("four".utf8), to: id) { error in heard.withLock { $0.append("\(error)") } }
        _ = try harness.pump()
        XCTAssertEqual(heard.withLock { $0.count }, 1, "the failed write's poster heard of it")
        XCTAssertTrue(heard.withLock { $0.first?.contains("unable to send") ?? false }, heard.withLock { $0.description })

        sftp.channel.remoteEOF = true
        sftp.channel.remoteClosed = true
        _ = try harness.pump(2)
        harness.loop.post(Array("late".utf8), to: id) { error in heard.withLock { $0.append("\(error)") } }
        XCTAssertEqual(heard.withLock { $0.count }, 2, "input posted to an ended command is refused at once")
    }
}
