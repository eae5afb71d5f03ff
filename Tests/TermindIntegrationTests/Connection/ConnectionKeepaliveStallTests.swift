import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// A server that freezes after authentication (asyncssh that stops reading: the TCP connection
/// stays, nothing is answered) is found lost by the Host's keepalive, 1 s x 2 here, within
/// three to four seconds, whether a channel is open or not.
final class ConnectionKeepaliveStallTests: XCTestCase {
    private let keepalive = try! Keepalive(interval: 1, countMax: 2)

    func testAFrozenServerIsFoundLostWithNoChannelOpen() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").misbehaving(.stallAfterAuth(seconds: 0)))
        try await within(.seconds(20)) { [keepalive] in
            let connection = try await server.connect(keepalive: keepalive)
            let connected = ContinuousClock.now
            let failure = await connection.waitUntilEnded()
            let waited = connected.duration(to: .now)
            print("keepalive 1 s x 2, no channel open: lost \(waited) after connecting to a frozen server")
            XCTAssertEqual(failure?.kind, .dropped, "\(String(describing: failure))")
            XCTAssertTrue(failure?.detail.contains("no answer from the server to 2 keepalives") == true, "\(String(describing: failure))")
            XCTAssertGreaterThanOrEqual(waited, .seconds(2))
            XCTAssertLessThan(waited, .milliseconds(4_500))
            await connection.close()
        }
        XCTAssertTrue(try String(contentsOfFile: server.eventLogPath, encoding: .utf8).contains("\"stall\""))
    }

    func testAFrozenServerIsFoundLostWithAChannelOpen() async throws {
        let scenario = AsyncSSHScenario().user("alice", password: "pw").exec("wait", stdout: "late\n", delay: 60)
            .misbehaving(.stallAfterAuth(seconds: 1))
        let server = try startAsyncSSH(scenario)
        try await within(.seconds(20)) { [keepalive] in
            let connection = try await server.connect(keepalive: keepalive)
            let connected = ContinuousClock.now
            let process = try await connection.execute("wait")
            do {
                for try await _ in process.output {}
                XCTFail("the stream ended normally")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .dropped, "\(failure)")
                XCTAssertTrue(failure.detail.contains("no answer from the server to 2 keepalives"), failure.detail)
            }
            // Silent from the exec's start (the server froze 1 s after authenticating): lost after
            // three intervals of silence (two keepalives, then one more interval for the last).
            let waited = connected.duration(to: .now)
            print("keepalive 1 s x 2, a channel open: lost \(waited) after connecting (frozen at 1 s)")
            XCTAssertGreaterThanOrEqual(waited, .milliseconds(2_500))
            XCTAssertLessThan(waited, .milliseconds(4_500))
            await connection.close()
        }
    }
}
