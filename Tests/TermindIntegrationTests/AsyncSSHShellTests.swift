import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// PTY shells on the scripted asyncssh server through the connection worker; its shell answers
/// `term` with the TERM it was given and `size` with the current PTY size.
final class AsyncSSHShellTests: XCTestCase {
    func testTheShellSeesTheRequestedTermAndSize() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").withShell())
        try await within(.seconds(20)) {
            let connection = try await server.connect()
            let shell = try await connection.openShell(term: "xterm-256color", size: TerminalSize(columns: 100, rows: 30), environment: [:])
            var transcript = ShellTranscript(shell.output)
            try await transcript.read(until: "$ ")
            try await shell.write(Array("term\r".utf8))
            let term = try await transcript.read(until: "\r\n$ ")
            XCTAssertTrue(term.contains("term\r\nxterm-256color\r\n"), term)
            try await shell.write(Array("size\r".utf8))
            let size = try await transcript.read(until: "\r\n$ ")
            XCTAssertTrue(size.contains("size\r\n100x30\r\n"), size)
            await connection.close()
        }

        let pty = try server.waitForEvent("pty")
        XCTAssertEqual(pty.term, "xterm-256color")
        XCTAssertEqual(pty.columns, 100)
        XCTAssertEqual(pty.rows, 30)
    }

    func testAResizeReachesTheServerAsAWindowChange() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").withShell())
        try await within(.seconds(20)) {
            let connection = try await server.connect()
            let shell = try await connection.openShell(term: "vt100", size: TerminalSize(columns: 80, rows: 24), environment: [:])
            var transcript = ShellTranscript(shell.output)
            try await transcript.read(until: "$ ")

            await shell.resize(TerminalSize(columns: 132, rows: 43))
            try server.waitForEvent("window_change")
            try await shell.write(Array("size\r".utf8))

            let size = try await transcript.read(until: "\r\n$ ")
            XCTAssertTrue(size.contains("132x43\r\n"), size)
            await connection.close()
        }
        XCTAssertEqual(try server.events("window_change").map { [$0.columns, $0.rows] }, [[132, 43]])
    }

    func testExitEndsTheShellWithStatusZero() async throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", password: "pw").withShell())
        let exit = try await within(.seconds(20)) {
            let connection = try await server.connect()
            let shell = try await connection.openShell(term: "xterm", size: TerminalSize(columns: 80, rows: 24), environment: [:])
            var transcript = ShellTranscript(shell.output)
            try await transcript.read(until: "$ ")

            try await shell.write(Array("exit\r".utf8))
            let exit = try await transcript.readToEnd()
            await connection.close()
            return exit
        }

        XCTAssertEqual(exit, .exit(status: 0, signal: nil))
    }
}

/// What a shell printed so far, read from its output stream.
private struct ShellTranscript {
    private var iterator: AsyncThrowingStream<RemoteOutput, any Error>.Iterator
    private var text = ""

    init(_ output: AsyncThrowingStream<RemoteOutput, any Error>) {
        iterator = output.makeAsyncIterator()
    }

    /// Reads until what came since the last call contains `marker`, and returns that part.
    @discardableResult
    mutating func read(until marker: String) async throws -> String {
        let start = text.endIndex
        while !text[start...].contains(marker) {
            guard let element = try await iterator.next() else {
                throw TestRigError("the shell ended before printing \(marker.debugDescription): \(text.debugDescription)")
            }
            if case .stdout(let bytes) = element { text += String(decoding: bytes, as: UTF8.self) }
        }
        return String(text[start...])
    }

    /// Reads to the end and returns the `.exit` element, if one came.
    mutating func readToEnd() async throws -> RemoteOutput? {
        var exit: RemoteOutput?
        while let element = try await iterator.next() { if case .exit = element { exit = element } }
        return exit
    }
}
