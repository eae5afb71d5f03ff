import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Failures before the SSH handshake, by category, with a sentence saying what to do.
final class ConnectionErrorTests: XCTestCase {
    private static func failure(_ plan: ConnectionPlan) async -> SSHFailure? {
        do {
            let connection = try await within(.seconds(20)) {
                try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            }
            await connection.close()
            return nil
        } catch {
            return error as? SSHFailure
        }
    }

    func testAnUnresolvableHostFailsWithResolve() async {
        let plan = ConnectionPlan(label: "nowhere", hostname: "no-such-host.invalid", port: 22, username: "u", credentials: [])
        let failure = await Self.failure(plan)
        XCTAssertEqual(failure?.kind, .resolve, "\(String(describing: failure))")
        XCTAssertEqual(failure?.connection, "nowhere")
        XCTAssertTrue(failure?.detail.contains("Check the host name") == true, "\(String(describing: failure))")
    }

    func testARefusedPortFailsWithConnect() async {
        let plan = ConnectionPlan(label: "closed", hostname: "127.0.0.1", port: 1, username: "u", credentials: [])
        let failure = await Self.failure(plan)
        XCTAssertEqual(failure?.kind, .connect, "\(String(describing: failure))")
        XCTAssertTrue(failure?.detail.contains("Connection refused") == true, "\(String(describing: failure))")
    }

    func testAnIPv6AddressConnects() async throws {
        let server = try startSSHD(configure: "ListenAddress ::1")
        let plan = ConnectionPlan(label: "ipv6", hostname: "::1", port: server.port, username: server.username,
                                  credentials: [try server.clientKeyCredential()], useAgent: false)
        let verifier = AcceptingVerifier()
        let connection = try await within(.seconds(20)) {
            try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext(trust: verifier))
        }
        let output = try await CollectedOutput.collect(try await connection.execute("echo $SSH_CONNECTION").output)
        await connection.close()
        XCTAssertTrue(output.stdoutText.hasPrefix("::1 "), output.stdoutText)
        XCTAssertEqual(verifier.checks.first?.hostname, "::1")
    }
}
