@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

/// The sizing an SFTP channel is opened with: the window of OpenSSH and curl, large reads, and
/// an output that buffers more than a shell's before the worker stops reading.
final class BulkChannelSizingTests: XCTestCase {
    func testABulkChannelKeepsThePeersWindowSoOneLibssh2ReadStaysShortAndBuffersMoreBeforePausing() {
        let bulk = WorkerChannel.Sizing.bulk
        // libssh2 1.10 drains the socket inside one channel read: the window bounds how long.
        XCTAssertLessThanOrEqual(bulk.window, 2 << 20, "a read takes at most a window's packets")
        XCTAssertGreaterThanOrEqual(Int(bulk.window), 8 * SFTPLimits.maximumChunkSize, "several large reads answered per window")
        XCTAssertGreaterThanOrEqual(bulk.readSize, SFTPLimits.maximumChunkSize)
        XCTAssertEqual(bulk.maximumPacket, 32_768)
        XCTAssertGreaterThan(bulk.highWater, WorkerChannel.Sizing.standard.highWater)
        XCTAssertEqual(WorkerChannel.Sizing.standard.window, 2 << 20, "libssh2's default for every other channel")
    }

    func testAnOutputWithItsOwnMarksPausesAtItsHighWaterAndResumesAtItsLowWater() async throws {
        let output = ChannelOutput(wake: {}, highWater: 4 << 20, lowWater: 1 << 20)
        let chunk = [UInt8](repeating: 1, count: 256 << 10)
        var accepted = 0
        while output.yield(.stdout(chunk)) { accepted += 1 }
        XCTAssertEqual(accepted + 1, (4 << 20) / chunk.count, "paused only once 4 MiB wait")
        XCTAssertTrue(output.isPaused)
        var taken = 0
        while output.isPaused {
            _ = try await output.next()
            taken += 1
        }
        XCTAssertEqual((accepted + 1 - taken) * chunk.count, 1 << 20, "read again at 1 MiB")
    }
}
