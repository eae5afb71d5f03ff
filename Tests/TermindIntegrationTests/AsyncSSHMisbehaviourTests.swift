import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Servers that stall or drop the connection during the handshake: every failure must be a
/// prompt, typed error, never a hang or a crash. (A drop while a command prints is
/// `ConnectionAsyncSSHTests.testAServerThatDropsMidSessionEndsTheStreamWithDropped`.)
final class AsyncSSHMisbehaviourTests: XCTestCase {
    func testAServerThatNeverSendsItsBannerTimesOutTheHandshakeWithinTheIOTimeout() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().misbehaving(.stallBeforeBanner))
        try assertHandshakeTimesOut(on: server)
    }

    func testAServerThatStallsAfterItsBannerTimesOutTheHandshakeWithinTheIOTimeout() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().misbehaving(.stallAfterBanner))
        try assertHandshakeTimesOut(on: server)
    }

    func testAConnectionDroppedDuringTheBannerFailsTheHandshakeAtOnce() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").misbehaving(.dropAfterBytes(10)))
        try assertHandshakeFailsPromptly(on: server)
        XCTAssertEqual(try server.waitForEvent("drop").afterBytes, 10)
    }

    func testAConnectionDroppedDuringKeyExchangeFailsTheHandshakeAtOnce() throws {
        // The version line is about 25 bytes and the server's KEXINIT well over 600.
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").misbehaving(.dropAfterBytes(600)))
        try assertHandshakeFailsPromptly(on: server)
    }

    private func assertHandshakeTimesOut(on server: AsyncSSHServer, file: StaticString = #filePath, line: UInt = #line) throws {
        let session = try SSH2Session(host: server.host, port: server.port, connectTimeout: .seconds(5), ioTimeout: .seconds(2))
        let started = ContinuousClock.now
        XCTAssertThrowsError(try session.handshake(), file: file, line: line) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .timeout, "\(error)", file: file, line: line)
        }
        let elapsed = started.duration(to: .now)
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(1_900), file: file, line: line)
        XCTAssertLessThan(elapsed, .seconds(6), file: file, line: line)
        try server.waitForEvent("connect")
    }

    private func assertHandshakeFailsPromptly(on server: AsyncSSHServer, file: StaticString = #filePath, line: UInt = #line) throws {
        let session = try SSH2Session(host: server.host, port: server.port, connectTimeout: .seconds(5), ioTimeout: .seconds(10))
        let started = ContinuousClock.now
        XCTAssertThrowsError(try session.handshake(), file: file, line: line) { error in
            let kind = (error as? SSH2Error)?.kind
            XCTAssertTrue(kind == .disconnected || kind == .handshake, "\(error)", file: file, line: line)
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(5), file: file, line: line)
    }
}
