@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `direct-tcpip` tunnels for jump hosts: bytes both ways between the channel and the socket
/// the next hop's session uses, and the tunnel closed from either side.
final class WorkerLoopTunnelTests: XCTestCase {
    private func openTunnel(_ harness: WorkerLoopHarness) async throws -> (descriptor: Int32, channel: FakeTransportChannel) {
        let descriptor: Int32 = try await harness.request { loop, continuation in
            loop.openTunnel(to: "inner.example", port: 2222, continuation: continuation)
        }
        XCTAssertTrue(harness.transport.calls.contains("open direct-tcpip inner.example:2222"))
        return (descriptor, try XCTUnwrap(harness.transport.opened.last))
    }

    /// What the next hop can read from its end now.
    private func available(_ descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count < 0 { return [] }
        if count == 0 { return nil }  // end of file
        return Array(buffer[0..<count])
    }

    func testATunnelCarriesBytesBothWays() async throws {
        let harness = try WorkerLoopHarness()
        let tunnel = try await openTunnel(harness)
        defer { close(tunnel.descriptor) }

        tunnel.channel.send("SSH-2.0-Inner\r\n")
        XCTAssertEqual(send(tunnel.descriptor, "SSH-2.0-Termind\r\n", 17, 0), 17)
        try harness.pump()

        XCTAssertEqual(available(tunnel.descriptor), Array("SSH-2.0-Inner\r\n".utf8))
        XCTAssertEqual(tunnel.channel.written, Array("SSH-2.0-Termind\r\n".utf8))
    }

    func testATunnelWhoseNextHopStopsReadingStopsReadingTheChannel() async throws {
        let harness = try WorkerLoopHarness()
        let tunnel = try await openTunnel(harness)
        defer { close(tunnel.descriptor) }
        tunnel.channel.endless = true

        try harness.pump(8)
        let reads = tunnel.channel.reads
        try harness.pump(8)

        XCTAssertEqual(tunnel.channel.reads, reads, "the channel was read while the next hop's socket was full")
        XCTAssertNotNil(available(tunnel.descriptor))
        try harness.pump()
        XCTAssertGreaterThan(tunnel.channel.reads, reads)
    }

    func testTheServerClosingTheTunnelEndsTheNextHopsConnection() async throws {
        let harness = try WorkerLoopHarness()
        let tunnel = try await openTunnel(harness)
        defer { close(tunnel.descriptor) }
        tunnel.channel.send("bye")
        tunnel.channel.remoteEOF = true
        try harness.pump()

        XCTAssertEqual(available(tunnel.descriptor), Array("bye".utf8))
        XCTAssertNil(available(tunnel.descriptor), "the next hop did not see the end")

        // Its session goes too: the channel gets EOF, then is closed and freed.
        shutdown(tunnel.descriptor, Int32(SHUT_WR))
        tunnel.channel.remoteClosed = true
        try harness.pump(2)
        XCTAssertTrue(tunnel.channel.eofSent)
        XCTAssertTrue(tunnel.channel.freed)
        XCTAssertTrue(harness.loop.tunnels.isEmpty)
    }

    func testTheNextHopClosingSendsEOFAndTheTunnelClosesOnceTheServerDoes() async throws {
        let harness = try WorkerLoopHarness()
        let tunnel = try await openTunnel(harness)
        close(tunnel.descriptor)
        try harness.pump()

        XCTAssertTrue(tunnel.channel.eofSent)
        XCTAssertFalse(tunnel.channel.closeSent, "closed before the server's side ended")

        tunnel.channel.remoteEOF = true
        tunnel.channel.remoteClosed = true
        try harness.pump(2)
        XCTAssertTrue(tunnel.channel.closeSent)
        XCTAssertTrue(tunnel.channel.freed)
        XCTAssertTrue(harness.loop.tunnels.isEmpty)
    }

    func testADestinationTheServerCannotReachFailsTheOpenSayingWhere() async throws {
        let harness = try WorkerLoopHarness()
        harness.transport.openResults = [.failed(SSH2Fault(code: -22, message: "Channel open failure (connect failed)"))]

        do {
            let _: Int32 = try await harness.request { loop, continuation in
                loop.openTunnel(to: "nowhere.example", port: 22, continuation: continuation)
            }
            XCTFail("a tunnel opened to an unreachable destination")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .connect)
            XCTAssertTrue(failure.detail.hasPrefix("the server could not open a connection to nowhere.example:22: "), failure.detail)
        }
    }
}
