@testable import TermindRemoteInfrastructure
import Synchronization
import TermindApplication
import TermindTestSupport
import XCTest

/// The flow-controlled output buffer between a connection worker and a channel's reader.
final class ChannelOutputTests: XCTestCase {
    private final class WakeCounter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func wake() { count.withLock { $0 += 1 } }
    }

    func testElementsArriveInOrderAndTheStreamFinishesAfterThem() async throws {
        let output = ChannelOutput(wake: {})
        output.yield(.stdout([1]))
        output.yield(.stderr([2]))
        output.yield(.exit(status: 0, signal: nil))
        output.finish()
        var seen: [RemoteOutput] = []
        for try await element in output.stream { seen.append(element) }
        XCTAssertEqual(seen, [.stdout([1]), .stderr([2]), .exit(status: 0, signal: nil)])
    }

    func testAWaitingReaderGetsTheNextElementAtOnce() async throws {
        let output = ChannelOutput(wake: {})
        let reader = Task { try await output.next() }
        await eventually("the reader waits") { output.hasWaitingReader }
        output.yield(.stdout([7]))
        let element = try await reader.value
        XCTAssertEqual(element, .stdout([7]))
    }

    func testTheWorkerPausesAboveTheHighWaterMarkAndIsWokenBelowTheLowOne() async throws {
        let counter = WakeCounter()
        let output = ChannelOutput(wake: { counter.wake() })
        let chunk = [UInt8](repeating: 0, count: 64 << 10)
        var accepted = 0
        while output.yield(.stdout(chunk)) { accepted += 1 }
        XCTAssertEqual(accepted + 1, ChannelOutput.highWater / chunk.count)
        XCTAssertTrue(output.isPaused)

        var taken = 0
        while counter.value == 0 {
            _ = try await output.next()
            taken += 1
        }
        XCTAssertFalse(output.isPaused)
        XCTAssertEqual(counter.value, 1)
        let left = ChannelOutput.highWater - taken * chunk.count
        XCTAssertLessThanOrEqual(left, ChannelOutput.lowWater)
        XCTAssertGreaterThan(left + chunk.count, ChannelOutput.lowWater)
    }

    func testAFailureComesAfterTheBufferedElementsAndOnlyOnce() async throws {
        let output = ChannelOutput(wake: {})
        let failure = SSHFailure(.dropped, connection: "h", detail: "lost")
        output.yield(.stdout([1]))
        output.finish(throwing: failure)
        output.yield(.stdout([2]))  // after the end: dropped
        var iterator = output.stream.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, .stdout([1]))
        do {
            _ = try await iterator.next()
            XCTFail("no failure")
        } catch let thrown as SSHFailure {
            XCTAssertEqual(thrown, failure)
        }
        let after = try await output.next()
        XCTAssertNil(after)
    }

    func testAWaitingReaderGetsTheFailureAtOnce() async throws {
        let output = ChannelOutput(wake: {})
        let reader = Task { try await output.next() }
        await eventually("the reader waits") { output.hasWaitingReader }
        output.finish(throwing: SSHFailure(.dropped, connection: "h", detail: "lost"))
        do {
            _ = try await reader.value
            XCTFail("no failure")
        } catch let thrown as SSHFailure {
            XCTAssertEqual(thrown.kind, .dropped)
        }
    }

    func testCancellingAWaitingReaderEndsItsWait() async throws {
        let output = ChannelOutput(wake: {})
        let reader = Task { try await output.next() }
        await eventually("the reader waits") { output.hasWaitingReader }
        reader.cancel()
        do {
            _ = try await reader.value
            XCTFail("the cancelled reader got an element")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        // The output itself goes on.
        output.yield(.stdout([3]))
        let next = try await output.next()
        XCTAssertEqual(next, .stdout([3]))
    }
}
