import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Commands with canned results from the scripted asyncssh server: output streams kept apart,
/// exit statuses and signals.
final class AsyncSSHExecTests: XCTestCase {
    func testStdoutAndStderrStayApartAndTheExitStatusComesThrough() throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("deploy --check", stdout: "checked 3 hosts\n", stderr: "host c is slow\n", exitStatus: 3))
        let session = try server.authenticatedSession()

        let result = try session.execute("deploy --check")

        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "checked 3 hosts\n")
        XCTAssertEqual(String(decoding: result.stderr, as: UTF8.self), "host c is slow\n")
        XCTAssertEqual(result.exitStatus, 3)
        XCTAssertNil(result.exitSignal)
        XCTAssertEqual(try server.waitForEvent("exec").command, "deploy --check")
    }

    func testTheSignalThatEndedACommandIsReported() throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("sleep forever", stdout: "started\n", exitSignal: "TERM"))
        let session = try server.authenticatedSession()

        let result = try session.execute("sleep forever")

        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "started\n")
        XCTAssertEqual(result.exitSignal, "TERM")
    }

    func testACommandTheScenarioDoesNotNameEchoesItselfAndSucceeds() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw"))
        let session = try server.authenticatedSession()

        let result = try session.execute("uname -a")

        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "uname -a\n")
        XCTAssertEqual(result.stderr, [])
        XCTAssertEqual(result.exitStatus, 0)
    }

    func testASlowCommandWithinTheIOTimeoutCompletes() throws {
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", password: "pw")
            .exec("slow", stdout: "done\n", delay: 1.0))
        let session = try server.authenticatedSession()

        let started = ContinuousClock.now
        let result = try session.execute("slow")

        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "done\n")
        XCTAssertGreaterThanOrEqual(started.duration(to: .now), .milliseconds(900))
    }
}
