@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// How the worker loop shares one session between channels: no channel starves another, a
/// reader that falls behind stops the reads of its channel only, and reads resume once it
/// catches up.
final class WorkerLoopSchedulingTests: XCTestCase {
    func testABusyChannelDoesNotStarveAnother() async throws {
        let harness = try WorkerLoopHarness()
        let busy = try await harness.exec("cat /dev/zero")
        busy.channel.endless = true
        let quiet = try await harness.exec("echo hello")
        quiet.channel.send("hello\n")

        try harness.pump()

        let quietOutput = try await WorkerLoopHarness.take(quiet.handle.output)
        XCTAssertEqual(quietOutput.stdout, Array("hello\n".utf8), "the quiet channel waited behind the busy one")
        XCTAssertGreaterThan(busy.channel.bytesRead, 0)
    }

    func testEachChannelReadsAtMostItsBudgetInOnePass() async throws {
        let harness = try WorkerLoopHarness()
        let first = try await harness.exec()
        let second = try await harness.exec()
        first.channel.endless = true
        second.channel.endless = true

        _ = try harness.loop.pass()

        // 256 KiB a channel a pass, so both got their turn in it.
        XCTAssertEqual(first.channel.bytesRead, 256 << 10)
        XCTAssertEqual(second.channel.bytesRead, 256 << 10)
    }

    func testAReaderThatFallsBehindStopsTheReadsUntilItCatchesUp() async throws {
        let harness = try WorkerLoopHarness()
        let download = try await harness.exec("cat big")
        download.channel.endless = true

        try harness.pump(4)
        XCTAssertTrue(download.handle.output.isPaused, "the output never reached its high-water mark")
        let readsWhenPaused = download.channel.reads
        XCTAssertGreaterThanOrEqual(download.channel.bytesRead, ChannelOutput.highWater)
        XCTAssertLessThan(download.channel.bytesRead, ChannelOutput.highWater + (256 << 10), "it read on past the mark")

        try harness.pump(4)
        XCTAssertEqual(download.channel.reads, readsWhenPaused, "a paused channel was read")

        // The reader drains to the low-water mark: the loop reads again.
        _ = try await WorkerLoopHarness.take(download.handle.output, bytes: ChannelOutput.highWater - ChannelOutput.lowWater)
        XCTAssertFalse(download.handle.output.isPaused)
        try harness.pump()
        XCTAssertGreaterThan(download.channel.reads, readsWhenPaused)
    }

    func testTheServerGetsWindowBackBeforeHalfOfItIsUsed() async throws {
        let harness = try WorkerLoopHarness()
        let download = try await harness.exec("cat big")
        download.channel.endless = true
        let window = UInt64(WorkerChannel.Sizing.standard.window)

        for _ in 0..<40 {
            _ = try harness.loop.pass()
            XCTAssertGreaterThanOrEqual(download.channel.receiveWindow, window / 2 - (256 << 10), "the server ran short of window")
            _ = try await WorkerLoopHarness.take(download.handle.output)
        }

        XCTAssertEqual(download.channel.bytesRead, 40 * (256 << 10), "reads stalled for want of window")
        XCTAssertFalse(download.channel.windowAdjustments.isEmpty)
        XCTAssertTrue(download.channel.windowAdjustments.allSatisfy { $0 >= window / 2 }, "\(download.channel.windowAdjustments)")
    }

    func testAPausedChannelGrantsNoMoreWindow() async throws {
        let harness = try WorkerLoopHarness()
        let download = try await harness.exec("cat big")
        download.channel.endless = true
        try harness.pump(8)
        XCTAssertTrue(download.handle.output.isPaused)
        let adjustments = download.channel.windowAdjustments.count
        let window = download.channel.receiveWindow

        try harness.pump(8)

        XCTAssertEqual(download.channel.windowAdjustments.count, adjustments)
        XCTAssertEqual(download.channel.receiveWindow, window)
    }

    func testAPausedChannelLeavesTheOthersRunning() async throws {
        let harness = try WorkerLoopHarness()
        let paused = try await harness.exec()
        paused.channel.endless = true
        try harness.pump(4)
        XCTAssertTrue(paused.handle.output.isPaused)

        let other = try await harness.exec()
        other.channel.send("still served\n")
        try harness.pump()

        let taken = try await WorkerLoopHarness.take(other.handle.output)
        XCTAssertEqual(taken.stdout, Array("still served\n".utf8))
    }

    func testStandardInputIsWrittenInOrderThenItsEOF() async throws {
        let harness = try WorkerLoopHarness()
        let process = try await harness.exec("cat")
        let id = process.handle.id
        // A window smaller than the input: the rest waits for the server to give window back.
        process.channel.sendWindow = 3
        try await harness.request(turns: 1) { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.enqueue(Array("hello\n".utf8), to: id, continuation: continuation)
        }
        try harness.pump()
        XCTAssertEqual(process.channel.written, Array("hel".utf8))
        process.channel.sendWindow = 100
        try harness.pump()
        XCTAssertEqual(process.channel.written, Array("hello\n".utf8))
        XCTAssertFalse(process.channel.eofSent)

        try await harness.request { (loop, continuation: CheckedContinuation<Void, any Error>) in
            loop.closeInput(of: id, continuation: continuation)
        }
        XCTAssertTrue(process.channel.eofSent)
        let writes = harness.transport.calls.filter { $0.hasPrefix("write") || $0.hasPrefix("send EOF") }
        XCTAssertEqual(writes.last, "send EOF \(process.channel.number)")
    }
}
