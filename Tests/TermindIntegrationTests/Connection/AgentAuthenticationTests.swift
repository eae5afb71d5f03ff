import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// Keys from a real `ssh-agent` (started by the test, keys added with `ssh-add`): used after the
/// plan's keys, bounded so the server's MaxAuthTries is not spent before the next method.
final class AgentAuthenticationTests: XCTestCase {
    func testAnAgentKeyAuthenticates() async throws {
        let server = try startSSHD()
        let agent = try startSSHAgent()
        try agent.add(privateKeyPath: server.clientPrivateKeyPath)
        let plan = server.plan(credentials: [], useAgent: true)
        let logger = RecordingLogger()
        let connection = try await within(.seconds(20)) {
            try await LibSSH2Connector(logger: logger, agentSocketPath: agent.socketPath).connect(plan, using: connectionContext())
        }
        let output = try await CollectedOutput.collect(try await connection.execute("whoami").output)
        await connection.close()
        XCTAssertEqual(output.stdoutText, "\(server.username)\n")
        XCTAssertTrue(server.waitForLog(containing: "Accepted publickey for \(server.username)"), server.log())
        XCTAssertTrue(logger.messages.contains { $0.contains("ssh-agent key termind-test-client") }, "\(logger.messages)")
    }

    func testAtMostThreeAgentKeysAreTriedBeforeThePassword() async throws {
        let server = try startSSHD(configure: "KbdInteractiveAuthentication no")
        let agent = try startSSHAgent()
        // Four keys the server does not know, the last of them first in no particular order.
        for index in 0..<4 {
            let path = agent.directory.path + "/unknown-\(index)"
            let made = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "unknown-\(index)", "-f", path])
            XCTAssertEqual(made.status, 0, made.stderr)
            try agent.add(privateKeyPath: path)
        }
        let plan = server.plan(credentials: [.password(Secret(server.password))], useAgent: true)
        let connection = try await within(.seconds(20)) {
            try await LibSSH2Connector(agentSocketPath: agent.socketPath).connect(plan, using: connectionContext())
        }
        await connection.close()
        XCTAssertTrue(server.waitForLog(containing: "Accepted password for \(server.username)"), server.log())
        XCTAssertEqual(server.log().components(separatedBy: "Failed publickey for").count - 1, 3, server.log())
    }

    func testNoAgentRunningIsNotAFailure() async throws {
        let server = try startSSHD()
        let plan = server.plan(credentials: [.password(Secret(server.password))], useAgent: true)
        let connection = try await within(.seconds(20)) {
            try await LibSSH2Connector(agentSocketPath: "/nonexistent/agent.sock").connect(plan, using: connectionContext())
        }
        await connection.close()
        XCTAssertTrue(server.waitForLog(containing: "Accepted password for \(server.username)"), server.log())
    }
}
