import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Commands with canned results from the scripted asyncssh server, through the connection
/// worker: output streams kept apart, exit statuses and signals.
final class AsyncSSHExecTests: XCTestCase {
    func testStdoutAndStderrStayApartAndTheExitStatusComesThrough() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("deploy --check", stdout: "checked 3 hosts\n", stderr: "host c is slow\n", exitStatus: 3))
        let result = try await within(.seconds(20)) {
            let connection = try await server.connect()
            defer { Task { await connection.close() } }
            return try await CollectedOutput.collect(try await connection.execute("deploy --check").output)
        }

        XCTAssertEqual(result.stdoutText, "checked 3 hosts\n")
        XCTAssertEqual(result.stderrText, "host c is slow\n")
        XCTAssertEqual(result.exit, .exit(status: 3, signal: nil))
        XCTAssertEqual(try server.waitForEvent("exec").command, "deploy --check")
    }

    func testTheSignalThatEndedACommandIsReported() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("sleep forever", stdout: "started\n", exitSignal: "TERM"))
        let result = try await within(.seconds(20)) {
            let connection = try await server.connect()
            defer { Task { await connection.close() } }
            return try await CollectedOutput.collect(try await connection.execute("sleep forever").output)
        }

        XCTAssertEqual(result.stdoutText, "started\n")
        XCTAssertEqual(result.exit, .exit(status: nil, signal: "TERM"))
    }

    func testACommandTheScenarioDoesNotNameEchoesItselfAndSucceeds() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw"))
        let result = try await within(.seconds(20)) {
            let connection = try await server.connect()
            defer { Task { await connection.close() } }
            return try await CollectedOutput.collect(try await connection.execute("uname -a").output)
        }

        XCTAssertEqual(result.stdoutText, "uname -a\n")
        XCTAssertEqual(result.stderr, [])
        XCTAssertEqual(result.exit, .exit(status: 0, signal: nil))
    }

    func testASlowCommandWithinTheIOTimeoutCompletes() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("slow", stdout: "done\n", delay: 1.0))
        let (result, elapsed) = try await within(.seconds(20)) {
            let connection = try await server.connect()
            defer { Task { await connection.close() } }
            let started = ContinuousClock.now
            let result = try await CollectedOutput.collect(try await connection.execute("slow").output)
            return (result, started.duration(to: .now))
        }

        XCTAssertEqual(result.stdoutText, "done\n")
        XCTAssertEqual(result.exit, .exit(status: 0, signal: nil))
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(900))
    }
}
