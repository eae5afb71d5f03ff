import Foundation
import Synchronization
import TermindApplication
import XCTest

@testable import TermindCLI

/// Standard input copied to a remote command: in order, then EOF, with a bounded read-ahead,
/// and stopping quietly when the command stops taking input.
final class StandardInputForwarderTests: XCTestCase {
    /// A feeder still writing when a test closes the read end gets EPIPE, not a process kill.
    override class func setUp() { signal(SIGPIPE, SIG_IGN) }

    /// A remote command in memory that records what it was sent; each write can be held until
    /// the test lets it go, and writes can be refused as a closed channel refuses them.
    private final class RecordingProcess: RemoteProcess {
        struct Record {
            var bytes: [UInt8] = []
            var writes = 0
            var closedInputAfter: Int?
        }
        let record = Mutex(Record())
        let refusesAfter: Int?
        let writeDelay: UInt64

        init(refusesAfter: Int? = nil, writeDelay: UInt64 = 0) {
            self.refusesAfter = refusesAfter
            self.writeDelay = writeDelay
        }

        var output: AsyncThrowingStream<RemoteOutput, any Error> { AsyncThrowingStream { $0.finish() } }
        func write(_ bytes: [UInt8]) async throws {
            if writeDelay > 0 { try? await Task.sleep(nanoseconds: writeDelay) }  // a slow channel is the behaviour under test
            try record.withLock { record in
                if let refusesAfter, record.writes >= refusesAfter { throw SSHFailure(.channel, connection: "test", detail: "closed") }
                record.writes += 1
                record.bytes += bytes
            }
        }
        func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) {
            failed(SSHFailure(.channel, connection: "test", detail: "standard input is written, never posted"))
        }
        func closeInput() async throws { record.withLock { $0.closedInputAfter = $0.bytes.count } }
        func close() async {}
    }

    /// A pipe whose write end a background thread fills with `payload`, then closes.
    private func pipe(feeding payload: [UInt8]) -> Int32 {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(Glibc.pipe(&ends), 0)
        let writeEnd = ends[1]
        Thread {
            var offset = 0
            while offset < payload.count {
                let count = payload[offset...].withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                offset += count
            }
            close(writeEnd)
        }.start()
        return ends[0]
    }

    func testEveryByteArrivesInOrderThenEndOfInput() async throws {
        let payload = (0..<(3 * 1024 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let input = pipe(feeding: payload)
        defer { close(input) }
        let process = RecordingProcess()
        let ending = await StandardInputForwarder(descriptor: input).forward(to: process)
        XCTAssertEqual(ending, .endOfInput)
        let record = process.record.withLock { $0 }
        XCTAssertEqual(record.bytes.count, payload.count)
        XCTAssertTrue(record.bytes == payload, "the bytes arrived out of order or changed")
        XCTAssertEqual(record.closedInputAfter, payload.count, "EOF goes after the last byte")
    }

    func testACommandThatStopsTakingInputEndsTheCopyQuietlyWithoutEOF() async throws {
        let input = pipe(feeding: [UInt8](repeating: 1, count: 2 * 1024 * 1024))
        defer { close(input) }
        let process = RecordingProcess(refusesAfter: 2)
        let ending = await StandardInputForwarder(descriptor: input).forward(to: process)
        XCTAssertEqual(ending, .stopped)
        XCTAssertNil(process.record.withLock { $0.closedInputAfter })
    }

    func testASlowCommandKeepsTheReadAheadBounded() async throws {
        // Standard input that never ends: only the bounded read-ahead may leave the pipe.
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(Glibc.pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let filler = [UInt8](repeating: 9, count: StandardInputForwarder.chunkSize)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        let process = RecordingProcess(writeDelay: 50_000_000)
        let readEnd = ends[0]
        let copy = Task { await StandardInputForwarder(descriptor: readEnd).forward(to: process) }
        var written = 0
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline {
            let count = write(ends[1], filler, filler.count)
            if count > 0 {
                written += count
            } else {
                // Full: wait until the forwarder has read some (or 10 ms pass, to look at the clock).
                var writable = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, 10)
            }
        }
        copy.cancel()
        let ending = await copy.value
        XCTAssertEqual(ending, .stopped)
        let sent = process.record.withLock { $0.bytes.count }
        // About 20 slow writes in a second; the pipe and the chunks in flight hold the rest.
        let inFlight = StandardInputForwarder.chunksInFlight * StandardInputForwarder.chunkSize
        XCTAssertLessThanOrEqual(written - sent, inFlight + 1024 * 1024, "read ahead without bound: \(written) written, \(sent) sent")
        XCTAssertGreaterThan(sent, 0)
    }
}
