import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// PTY shells through `LibSSH2Connector` against a real sshd: terminal type and initial size,
/// window-change with the newest size winning, environment requests that the server refuses,
/// and the shell's exit status.
final class ConnectionShellTests: XCTestCase {
    /// Reads the shell's output until `text` has appeared (after `from`), or throws after `limit`.
    private static func read(
        _ iterator: inout AsyncThrowingStream<RemoteOutput, any Error>.Iterator, until text: String, into transcript: inout String
    ) async throws {
        let start = transcript.endIndex
        while !transcript[start...].contains(text) {
            guard let element = try await iterator.next() else { throw TestRigError("the shell ended before printing \(text): \(transcript)") }
            if case .stdout(let bytes) = element { transcript += String(decoding: bytes, as: UTF8.self) }
            if case .exit = element { throw TestRigError("the shell exited before printing \(text): \(transcript)") }
        }
    }

    func testTheShellGetsItsTerminalTypeAndSizeAndFollowsResizes() async throws {
        let server = try startSSHD()
        let logger = RecordingLogger()
        try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(logger: logger, agentSocketPath: nil)
                .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext())
            let shell = try await connection.openShell(
                term: "xterm-256color", size: TerminalSize(columns: 80, rows: 24),
                environment: ["TERMIND_TEST_VARIABLE": "refused by sshd without AcceptEnv"])
            var iterator = shell.output.makeAsyncIterator()
            var transcript = ""
            try await shell.write(Array("stty -echo; echo T=$TERM; stty size; echo E=${TERMIND_TEST_VARIABLE:-unset}\n".utf8))
            try await Self.read(&iterator, until: "E=unset", into: &transcript)
            XCTAssertTrue(transcript.contains("T=xterm-256color"), transcript)
            XCTAssertTrue(transcript.contains("24 80"), transcript)

            await shell.resize(TerminalSize(columns: 100, rows: 30))
            try await shell.write(Array("stty size; echo resized-once\n".utf8))
            try await Self.read(&iterator, until: "resized-once", into: &transcript)
            XCTAssertTrue(transcript.contains("30 100"), transcript)

            // A burst of resizes: only the newest has to arrive.
            for step in 1...20 { await shell.resize(TerminalSize(columns: 100 + step, rows: 30 + step)) }
            try await shell.write(Array("sleep 0.3; stty size; echo resized-many\n".utf8))
            try await Self.read(&iterator, until: "resized-many", into: &transcript)
            XCTAssertTrue(transcript.contains("50 120"), transcript)

            try await shell.write(Array("exit 7\n".utf8))
            var exit: RemoteOutput?
            while let element = try await iterator.next() { if case .exit = element { exit = element } }
            XCTAssertEqual(exit, .exit(status: 7, signal: nil))
            await connection.close()
        }
        XCTAssertTrue(logger.messages.contains { $0.contains("setting TERMIND_TEST_VARIABLE for the shell was refused") },
                      "\(logger.messages)")
    }

    func testClosingAShellLeavesTheConnectionUsable() async throws {
        let server = try startSSHD()
        try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil)
                .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext())
            let shell = try await connection.openShell(term: "xterm", size: TerminalSize(columns: 80, rows: 24), environment: [:])
            var iterator = shell.output.makeAsyncIterator()
            var transcript = ""
            try await shell.write(Array("echo ready\n".utf8))
            try await Self.read(&iterator, until: "ready\r\n", into: &transcript)
            await shell.close()
            while try await iterator.next() != nil {}
            // The same connection still opens channels.
            let after = try await CollectedOutput.collect(try await connection.execute("echo after").output)
            XCTAssertEqual(after.stdoutText, "after\n")
            await connection.close()
        }
    }

    func testAShellsCallsAfterItsConnectionClosedFailWithoutCrashing() async throws {
        let server = try startSSHD()
        try await within(.seconds(30)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil)
                .connect(server.plan(credentials: [try server.clientKeyCredential()]), using: connectionContext())
            let shell = try await connection.openShell(term: "xterm", size: TerminalSize(columns: 80, rows: 24), environment: [:])
            await connection.close()
            do {
                try await shell.write(Array("echo\n".utf8))
                XCTFail("a shell on a closed connection took input")
            } catch let failure as SSHFailure {
                XCTAssertEqual(failure.kind, .channel, "\(failure)")
            }
            await shell.resize(TerminalSize(columns: 100, rows: 30))
            await shell.close()
            // What arrived before the close (the login banner) is still read; then the stream ends.
            var exit: RemoteOutput?
            for try await element in shell.output { if case .exit = element { exit = element } }
            XCTAssertNil(exit, "a shell closed from this side reported an exit")
        }
    }
}
