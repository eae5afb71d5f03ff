import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Commands and PTY shells on an authenticated OpenSSH session.
final class SSH2SessionChannelTests: XCTestCase {
    func testExecuteKeepsStdoutAndStderrApartAndReportsTheExitStatus() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let result = try session.execute("echo out; echo err 1>&2; exit 3")
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "out\n")
        XCTAssertEqual(String(decoding: result.stderr, as: UTF8.self), "err\n")
        XCTAssertEqual(result.exitStatus, 3)
        XCTAssertNil(result.exitSignal)
    }

    func testExecuteReportsTheSignalThatKilledTheCommand() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let result = try session.execute("kill -TERM $$")
        XCTAssertEqual(result.exitSignal, "TERM")
    }

    func testExecuteCollectsOutputLargerThanTheChannelWindow() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let result = try session.execute("head -c 3000000 /dev/zero; head -c 100000 /dev/zero 1>&2")
        XCTAssertEqual(result.stdout.count, 3_000_000)
        XCTAssertEqual(result.stderr.count, 100_000)
        XCTAssertEqual(result.exitStatus, 0)
    }

    func testSeveralCommandsRunOneAfterAnotherOnOneSession() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        for index in 0..<5 {
            let result = try session.execute("echo \(index)")
            XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "\(index)\n")
        }
    }

    func testShellRunsOnAPTYOfTheRequestedType() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let shell = try session.openShell(term: "xterm-256color", columns: 80, rows: 24)
        try shell.write(Array("echo $TERM; exit\n".utf8))
        let output = try readUntil(shell, contains: "xterm-256color")
        XCTAssertTrue(output.contains("xterm-256color"), output)
    }

    func testShellSeesTheNewSizeAfterResize() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let shell = try session.openShell(term: "xterm-256color", columns: 80, rows: 24)
        try shell.resize(columns: 132, rows: 43)
        try shell.write(Array("stty size; exit\n".utf8))
        let output = try readUntil(shell, contains: "43 132")
        XCTAssertTrue(output.contains("43 132"), output)
    }

    func testShellReachesEOFAfterExit() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let shell = try session.openShell(term: "xterm-256color", columns: 80, rows: 24)
        try shell.write(Array("exit 0\n".utf8))
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !shell.isEOF && ContinuousClock.now < deadline { _ = try shell.read(timeout: .milliseconds(200)) }
        XCTAssertTrue(shell.isEOF)
        shell.close()
    }

    func testChannelCallsAfterDisconnectFailWithoutCrashing() throws {
        let server = try startSSHD()
        let session = try server.authenticatedSession()
        let shell = try session.openShell(term: "xterm-256color", columns: 80, rows: 24)
        session.disconnect()
        XCTAssertFalse(session.isConnected)
        XCTAssertThrowsError(try shell.write(Array("echo\n".utf8))) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .session, "\(error)")
        }
        XCTAssertThrowsError(try session.execute("true"))
        shell.close()
    }

    /// Reads from `channel` until the text contains `needle`, EOF, or 10 seconds pass.
    private func readUntil(_ channel: SSH2Channel, contains needle: String) throws -> String {
        var output = ""
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !output.contains(needle) && !channel.isEOF && ContinuousClock.now < deadline {
            output += String(decoding: try channel.read(timeout: .milliseconds(500)), as: UTF8.self)
        }
        return output
    }
}
