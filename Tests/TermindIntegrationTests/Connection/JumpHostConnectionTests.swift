import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// Jump chains over `direct-tcpip` with several sshd instances on loopback: each hop has its own
/// host-key check and authentication, the connections really go through the hops (their
/// servers' logs say so), and closing the target closes the chain.
final class JumpHostConnectionTests: XCTestCase {
    func testATwoHopChainReachesTheTargetThroughBothHops() async throws {
        let first = try startSSHD(configure: "LogLevel DEBUG1")
        let second = try startSSHD(configure: "LogLevel DEBUG1")
        let target = try startSSHD()
        let plan = target.plan(label: "target", credentials: [try target.clientKeyCredential()], jumps: [
            first.plan(label: "hop-1", credentials: [try first.clientKeyCredential()]),
            second.plan(label: "hop-2", credentials: [try second.clientKeyCredential()]),
        ])
        let verifier = AcceptingVerifier()
        let before = WorkerThreads.count()

        let output = try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext(trust: verifier))
            XCTAssertEqual(connection.label, "target")
            XCTAssertEqual(WorkerThreads.count(), before + 3, "one worker per hop and one for the target (before: \(before)): \(WorkerThreads.names())")
            let output = try await CollectedOutput.collect(try await connection.execute("echo $SSH_CONNECTION; head -c 3000000 /dev/zero | wc -c").output)
            await connection.close()
            return output
        }

        // Each hop's own host-key check, in order, with its own label.
        XCTAssertEqual(verifier.checks.map(\.port), [first.port, second.port, target.port])
        XCTAssertEqual(verifier.checks.map(\.connectionLabel), ["hop-1", "hop-2", "target"])
        for (check, server) in zip(verifier.checks, [first, second, target]) {
            XCTAssertEqual(check.key.fingerprint.description, try server.fingerprint(ofHostKey: check.key.algorithm))
        }
        // Each hop authenticated with its own key.
        for server in [first, second, target] {
            XCTAssertTrue(server.waitForLog(containing: "Accepted publickey for \(server.username)"), server.log())
        }
        // The connections went through the hops: each hop opened the tunnel to the next port...
        XCTAssertTrue(first.waitForLog(containing: "target 127.0.0.1 port \(second.port)"), first.log())
        XCTAssertTrue(second.waitForLog(containing: "target 127.0.0.1 port \(target.port)"), second.log())
        // ...and the target saw the client as the second hop's server: its SSH_CONNECTION
        // names the port the second hop's sshd connected from, which its log also shows.
        let fields = output.stdoutText.split(separator: "\n").first?.split(separator: " ") ?? []
        XCTAssertEqual(fields.count, 4, output.stdoutText)
        if fields.count == 4 {
            XCTAssertEqual(fields[3], "\(target.port)")
            XCTAssertTrue(target.log().contains("Connection from 127.0.0.1 port \(fields[1]) on 127.0.0.1 port \(target.port)"), target.log())
        }
        XCTAssertEqual(output.stdoutText.split(separator: "\n").last, "3000000")
        XCTAssertEqual(output.exit, .exit(status: 0, signal: nil))

        // Closing the target closed the chain: every worker thread ended, and every hop saw it.
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertLessThanOrEqual(left, before)
        for server in [first, second] {
            XCTAssertTrue(server.waitForLog(containing: "Disconnected from user \(server.username)")
                || server.log().contains("Received disconnect"), server.log())
        }
    }

    func testEachHopAsksItsOwnInteractions() async throws {
        let hop = try startSSHD(configure: "PasswordAuthentication no")
        let target = try startSSHD()
        let presenter = ScriptedPresenter { interaction in
            guard case .keyboardInteractive = interaction.request else { throw TestRigError("unexpected \(interaction.request)") }
            return .responses([Secret(TestAccount.password)])
        }
        let plan = target.plan(label: "target", credentials: [try target.clientKeyCredential()], jumps: [
            hop.plan(label: "pam-hop", credentials: []),
        ])
        let connection = try await within(.seconds(30)) {
            try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext(presenter: presenter))
        }
        let output = try await CollectedOutput.collect(try await connection.execute("whoami").output)
        await connection.close()
        XCTAssertEqual(output.stdoutText, "\(target.username)\n")
        XCTAssertEqual(presenter.presented.map(\.connectionLabel), ["pam-hop"])
    }

    func testAHopThatCannotReachTheNextSaysWhere() async throws {
        let hop = try startSSHD()
        let closedPort = hop.port == 65_000 ? 65_001 : 65_000  // nothing listens there
        let plan = ConnectionPlan(
            label: "unreachable", hostname: "127.0.0.1", port: closedPort, username: hop.username,
            credentials: [try hop.clientKeyCredential()], useAgent: false,
            jumps: [hop.plan(label: "hop", credentials: [try hop.clientKeyCredential()])])
        let before = WorkerThreads.count()
        do {
            let connection = try await within(.seconds(30)) {
                try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            }
            await connection.close()
            XCTFail("connected to a closed port")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .connect, "\(failure)")
            XCTAssertEqual(failure.connection, "unreachable")
            XCTAssertTrue(failure.detail.contains("through the jump host hop"), failure.detail)
            XCTAssertTrue(failure.detail.contains("127.0.0.1:\(closedPort)"), failure.detail)
        }
        let left = await WorkerThreads.waitUntil(atMost: before)
        XCTAssertLessThanOrEqual(left, before)
    }
}
