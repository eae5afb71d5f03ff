import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// The host-key check inside the real connection attempt: the verifier sees the key the server
/// offered before any authentication request is sent (the server's own debug log is the proof),
/// and the algorithms already recorded are offered first.
final class ConnectionHostKeyTests: XCTestCase {
    func testARejectedHostKeyEndsTheAttemptBeforeAnyAuthenticationRequest() async throws {
        let server = try startSSHD(configure: "LogLevel DEBUG1")
        let verifier = RejectingVerifier()
        let plan = server.plan(label: "untrusted", credentials: [try server.clientKeyCredential(), .password(Secret(server.password))])
        let before = WorkerThreads.count()
        do {
            let connection = try await within(.seconds(20)) {
                try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext(trust: verifier))
            }
            await connection.close()
            XCTFail("a rejected host key let the connection through")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .hostKeyRejected, "\(failure)")
            XCTAssertEqual(failure.connection, "untrusted")
        }
        XCTAssertEqual(verifier.checks.count, 1)
        XCTAssertEqual(verifier.checks.first?.connectionLabel, "untrusted")
        // sshd logs the end of the connection; by then it has logged every request it got.
        XCTAssertTrue(server.waitForLog(containing: "Connection closed by 127.0.0.1"), server.log())
        let log = server.log()
        XCTAssertTrue(log.contains("kex: host key algorithm"), "the handshake is not in the log:\n\(log)")
        for proof in ["userauth-request", "Accepted", "Failed", "Postponed", "input_userauth_request"] {
            XCTAssertFalse(log.contains(proof), "sshd saw an authentication attempt (\(proof)):\n\(log)")
        }
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertLessThanOrEqual(left, before)
    }

    func testTheSameLogShowsAuthenticationWhenTheKeyIsAccepted() async throws {
        // The control for the test above: with DEBUG1, an accepted key is followed by requests.
        let server = try startSSHD(configure: "LogLevel DEBUG1")
        let verifier = AcceptingVerifier()
        let connection = try await within(.seconds(20)) {
            try await LibSSH2Connector(agentSocketPath: nil)
                .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext(trust: verifier))
        }
        await connection.close()
        XCTAssertTrue(server.waitForLog(containing: "userauth-request for user \(server.username)"), server.log())
    }

    func testTheVerifierSeesTheOfferedKeyAndRecordedAlgorithmsComeFirst() async throws {
        let server = try startSSHD()
        for algorithm in SSHDServer.hostKeyAlgorithms {
            let verifier = AcceptingVerifier(preferring: [algorithm])
            let connection = try await within(.seconds(20)) {
                try await LibSSH2Connector(agentSocketPath: nil)
                    .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext(trust: verifier))
            }
            await connection.close()
            let check = try XCTUnwrap(verifier.checks.first)
            XCTAssertEqual(check.key.algorithm, algorithm)
            XCTAssertEqual(check.key.fingerprint.description, try server.fingerprint(ofHostKey: algorithm))
            XCTAssertEqual(check.hostname, server.host)
            XCTAssertEqual(check.port, server.port)
        }
    }

    func testARecordedTypeTheServerNoLongerHasStillNegotiatesAnother() async throws {
        let server = try startSSHD()
        let verifier = AcceptingVerifier(preferring: ["ecdsa-sha2-nistp521"])
        let connection = try await within(.seconds(20)) {
            try await LibSSH2Connector(agentSocketPath: nil)
                .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext(trust: verifier))
        }
        await connection.close()
        let offered = try XCTUnwrap(verifier.checks.first?.key.algorithm)
        XCTAssertTrue(SSHDServer.hostKeyAlgorithms.contains(offered), offered)
    }
}
