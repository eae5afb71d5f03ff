import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindResources
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// The shell-integration bootstrap (`Resources/shell/`) as the SSH session's command on a PTY,
/// against a real sshd, for accounts whose login shell is bash, zsh and plain sh: bash and zsh
/// mark their commands (text, exit status, the server's own timing, directory) without anything
/// of the bootstrap on screen and leave no temporary files; sh gets the plain login shell and
/// says integration is off (docs/behaviour.md §3).
final class ShellIntegrationBootstrapTests: XCTestCase {
    /// What the session printed and the rows its marks made.
    private struct Session {
        var transcript = ""
        var scanner: ShellMarkScanner
        var recorder = CommandRecorder(hostID: UUID())
        var marks: [ShellMark] = []
        var rows: [CommandHistoryEntry] = []

        init(token: ShellMarkToken) {
            scanner = ShellMarkScanner(token: token)
        }

        mutating func take(_ bytes: [UInt8]) {
            transcript += String(decoding: bytes, as: UTF8.self)
            for mark in scanner.scan(bytes) {
                marks.append(mark)
                if let row = recorder.observe(mark, at: Date()) { rows.append(row) }
            }
        }
    }

    /// Logs in as `account` with the bootstrap as the session's command.
    private static func open(_ server: SSHDServer, as account: String) async throws -> (any SSHConnection, any RemoteShell, ShellMarkToken) {
        let plan = ConnectionPlan(
            label: "sshd-\(server.port)", hostname: server.host, port: server.port, username: account,
            credentials: [try server.clientKeyCredential()], useAgent: false, jumps: [])
        let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
        let program = try TermindResources.shellIntegrationProgram()
        let (shell, token) = try await ShellIntegration(command: TermindResources.shellIntegrationCommand) { program($0.text) }
            .open(on: connection, term: "xterm-256color", size: TerminalSize(columns: 100, rows: 30), environment: [:])
        return (connection, shell, token)
    }

    /// Reads until `done` holds for the session, or throws.
    private static func read(
        _ iterator: inout AsyncThrowingStream<RemoteOutput, any Error>.Iterator, into session: inout Session,
        until what: String, _ done: (Session) -> Bool
    ) async throws {
        while !done(session) {
            guard let element = try await iterator.next() else { throw TestRigError("the shell ended before \(what): \(session.transcript)") }
            switch element {
            case .stdout(let bytes), .stderr(let bytes): session.take(bytes)
            case .exit: throw TestRigError("the shell exited before \(what): \(session.transcript)")
            }
        }
    }

    private func assertMarksCommands(account: String, shell: String, profile: String? = nil) async throws {
        let home = try TestAccount.ensureExists(account, shell: shell)
        if let profile { try profile.write(toFile: home + "/.profile", atomically: true, encoding: .utf8) }
        let server = try startSSHD()
        try await within(.seconds(40)) {
            let (connection, remote, token) = try await Self.open(server, as: account)
            var iterator = remote.output.makeAsyncIterator()
            var session = Session(token: token)
            try await Self.read(&iterator, into: &session, until: "the first prompt") { $0.marks.contains(.promptStarted) }
            for line in ["echo one", "false", "sleep 1", " echo secret"] {
                let before = session.marks.filter { $0 == .promptStarted }.count
                try await remote.write(Array((line + "\r").utf8))
                try await Self.read(&iterator, into: &session, until: "the prompt after \(line)") {
                    $0.marks.filter { $0 == .promptStarted }.count > before
                }
            }
            // Only this account's directories: another account's (a killed session's) are not this one's.
            try await remote.write(Array("find ${TMPDIR:-/tmp} -maxdepth 1 -name 'termind-shell.*' -user \"$(id -u)\" 2>/dev/null | wc -l | sed s/^/left:/\r".utf8))
            try await Self.read(&iterator, into: &session, until: "the count of temporary directories") {
                $0.transcript.range(of: #"left:\d+"#, options: .regularExpression) != nil
            }
            // The prompt's mark carries the token: no child inherits it, even when the rc exports PS1.
            try await remote.write(Array("env | grep -c termind= | sed s/^/inherited:/\r".utf8))
            try await Self.read(&iterator, into: &session, until: "the count of inherited marks") {
                $0.transcript.range(of: #"inherited:\d+"#, options: .regularExpression) != nil
            }
            try await remote.write(Array("exit\r".utf8))
            while try await iterator.next() != nil {}
            await connection.close()

            let inherited = session.transcript.range(of: #"inherited:\d+"#, options: .regularExpression).map { session.transcript[$0] }
            XCTAssertEqual(inherited, "inherited:0", session.transcript)
            // The first three; the `ls` that counts temporary directories may be recorded too.
            let rows = Array(session.rows.prefix(3))
            XCTAssertEqual(rows.map(\.command), ["echo one", "false", "sleep 1"], session.transcript)
            XCTAssertEqual(rows.map(\.exitStatus), [0, 1, 0])
            XCTAssertEqual(rows.map(\.workingDirectory), [home, home, home])
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(rows.dropFirst(2).first?.duration), 1.0, "timed by the shell on the server")
            XCTAssertLessThan(try XCTUnwrap(rows.first?.duration), 1.0)
            XCTAssertFalse(session.marks.contains(.integrationOff))
            for trace in ["syntax error", "base64", "eval", "__termind", "TERMIND", "bootstrap", "rcfile", "ZDOTDIR"] {
                XCTAssertFalse(session.transcript.contains(trace), "\(trace) showed on screen: \(session.transcript)")
            }
            // Other sessions of the same account may run at once, but this one's directory is gone.
            let left = session.transcript.range(of: #"left:\d+"#, options: .regularExpression).map { session.transcript[$0] }
            if account != TestAccount.username { XCTAssertEqual(left, "left:0", session.transcript) }
        }
    }

    func testBashMarksEachCommandWithItsStatusTimingAndDirectory() async throws {
        try await assertMarksCommands(account: TestAccount.username, shell: "/bin/bash")
    }

    /// pyenv's `virtualenv-init` leaves PROMPT_COMMAND ending in `;`, others end it in a comment:
    /// the integration's hooks still run around it, and the person's hook too.
    func testBashMarksCommandsWhenTheAccountsPromptCommandEndsInASemicolonOrAComment() async throws {
        try await assertMarksCommands(
            account: "termind-test-pc", shell: "/bin/bash",
            profile: "_own_hook() { :; }\nPROMPT_COMMAND=\"_own_hook;${PROMPT_COMMAND:-}\"\n")
        try await assertMarksCommands(
            account: "termind-test-pc", shell: "/bin/bash", profile: "_own_hook() { :; }\nPROMPT_COMMAND='_own_hook # mine'\n")
    }

    /// Issue 42 (review): an rc that exports PS1 would hand the prompt's mark, and so the
    /// session's token, to every child; the integration keeps PS1 unexported.
    func testBashKeepsTheTokenOutOfChildrenWhenTheProfileExportsPS1() async throws {
        try await assertMarksCommands(account: "termind-test-pc", shell: "/bin/bash", profile: "export PS1='\\u\\$ '\n")
    }

    func testZshMarksEachCommandWithItsStatusTimingAndDirectory() async throws {
        try await assertMarksCommands(account: "termind-test-zsh", shell: "/usr/bin/zsh")
    }

    func testAnAccountWithOnlyShGetsThePlainLoginShellAndIntegrationOff() async throws {
        try TestAccount.ensureExists("termind-test-sh", shell: "/bin/sh")
        let server = try startSSHD()
        try await within(.seconds(30)) {
            let (connection, remote, token) = try await Self.open(server, as: "termind-test-sh")
            var iterator = remote.output.makeAsyncIterator()
            var session = Session(token: token)
            try await Self.read(&iterator, into: &session, until: "the off mark") { $0.marks.contains(.integrationOff) }
            try await remote.write(Array("echo plain-$((40 + 2))\r".utf8))
            try await Self.read(&iterator, into: &session, until: "the plain shell's answer") { $0.transcript.contains("plain-42") }
            try await remote.write(Array("exit\r".utf8))
            while try await iterator.next() != nil {}
            await connection.close()
            XCTAssertEqual(session.recorder.isIntegrated, false)
            XCTAssertEqual(session.rows, [])
            XCTAssertFalse(session.transcript.contains("base64"), session.transcript)
        }
    }
}
