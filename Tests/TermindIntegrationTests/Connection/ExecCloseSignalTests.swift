import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Closing a plain exec (no PTY) before its command ended ends the command on the server: the
/// `signal` request (SIGTERM) goes before the close, and the real sshd kills the command's
/// process group. Without it sshd leaves the command running with nobody to read it.
final class ExecCloseSignalTests: XCTestCase {
    func testClosingARunningCommandEndsItOnTheServer() async throws {
        let server = try startSSHD()
        let plan = server.plan(credentials: [try server.clientKeyCredential()])
        let marker = "/tmp/termind-signal-\(UUID().uuidString).pid"
        defer { unlink(marker) }
        // A shell that records its pid, then waits on a child: both must go.
        let seconds = Int.random(in: 5_000...9_999)
        let command = "echo $$ > \(marker); echo started; sleep \(seconds); echo after"
        try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            let process = try await connection.execute(command)
            var iterator = process.output.makeAsyncIterator()
            let first = try await iterator.next()
            XCTAssertEqual(first, .stdout(Array("started\n".utf8)))
            let shell = try XCTUnwrap(pid_t(try String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            XCTAssertTrue(Self.isRunning(shell))
            // "started" is echoed before the shell forks and execs the sleep: on a loaded machine
            // the sleep shows up a moment later.
            _ = await pollUntil(timeout: .seconds(5)) { !Self.sleeping(seconds).isEmpty }
            XCTAssertFalse(Self.sleeping(seconds).isEmpty, "the command's sleep is running")

            await process.close()
            _ = await pollUntil(timeout: .seconds(10)) { !Self.isRunning(shell) && Self.sleeping(seconds).isEmpty }
            XCTAssertFalse(Self.isRunning(shell), "the remote shell outlived the close; sshd: \(server.log())")
            XCTAssertEqual(Self.sleeping(seconds), [], "its sleep outlived the close")
            // The connection goes on: the signal's answer, never waited for, breaks nothing.
            let echo = try await CollectedOutput.collect(try await connection.execute("echo still").output)
            XCTAssertEqual(echo.stdoutText, "still\n")
            await connection.close()
        }
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        // A zombie has no cmdline: it is gone for this purpose.
        kill(pid, 0) == 0 && !((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").isEmpty
    }

    /// The pids of `sleep SECONDS` processes.
    static func sleeping(_ seconds: Int) -> [String] {
        let found = try? ChildProcess.run("pgrep", ["-x", "-f", "sleep \(seconds)"])
        return (found?.stdout ?? "").split(separator: "\n").map(String.init)
    }
}
