import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// PTY shells on the scripted asyncssh server, whose shell answers `term` with the TERM it was
/// given and `size` with the current PTY size.
final class AsyncSSHShellTests: XCTestCase {
    func testTheShellSeesTheRequestedTermAndSize() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").withShell())
        let session = try server.authenticatedSession()

        let shell = try session.openShell(term: "xterm-256color", columns: 100, rows: 30)
        _ = try read(shell, until: "$ ")
        try shell.write(Array("term\r".utf8))
        XCTAssertTrue(try read(shell, until: "\r\n$ ").contains("term\r\nxterm-256color\r\n"))
        try shell.write(Array("size\r".utf8))
        XCTAssertTrue(try read(shell, until: "\r\n$ ").contains("size\r\n100x30\r\n"))

        let pty = try server.waitForEvent("pty")
        XCTAssertEqual(pty.term, "xterm-256color")
        XCTAssertEqual(pty.columns, 100)
        XCTAssertEqual(pty.rows, 30)
    }

    func testAResizeReachesTheServerAsAWindowChange() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").withShell())
        let session = try server.authenticatedSession()
        let shell = try session.openShell(term: "vt100", columns: 80, rows: 24)
        _ = try read(shell, until: "$ ")

        try shell.resize(columns: 132, rows: 43)
        try server.waitForEvent("window_change")
        try shell.write(Array("size\r".utf8))

        XCTAssertTrue(try read(shell, until: "\r\n$ ").contains("132x43\r\n"))
        XCTAssertEqual(try server.events("window_change").map { [$0.columns, $0.rows] }, [[132, 43]])
    }

    func testExitEndsTheShellWithStatusZero() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").withShell())
        let session = try server.authenticatedSession()
        let shell = try session.openShell(term: "xterm", columns: 80, rows: 24)
        _ = try read(shell, until: "$ ")

        try shell.write(Array("exit\r".utf8))
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while !shell.isEOF, ContinuousClock.now < deadline {
            _ = try shell.read(timeout: .milliseconds(200))
        }

        XCTAssertTrue(shell.isEOF)
        XCTAssertEqual(shell.exitStatus, 0)
    }

    /// Reads until the output so far contains `marker`; fails the test after five seconds.
    private func read(_ channel: SSH2Channel, until marker: String) throws -> String {
        var output: [UInt8] = []
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while ContinuousClock.now < deadline {
            output += try channel.read(timeout: .milliseconds(200))
            let text = String(decoding: output, as: UTF8.self)
            if text.contains(marker) { return text }
            if channel.isEOF { break }
        }
        let text = String(decoding: output, as: UTF8.self)
        XCTFail("the shell did not print \(marker.debugDescription); it printed \(text.debugDescription)")
        return text
    }
}
