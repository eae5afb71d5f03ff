import Foundation
import TermindTestSupport
import XCTest

/// One authentication per Host, as a person sees it in the built binary in tmux: ten panes of
/// one Host made by splitting (`C-\ %`, `C-\ "`) are ten channels on one connection, so the
/// rig's sshd logs one `Accepted publickey`; with `hosts edit --share off` it logs ten. Against
/// the asyncssh server's keyboard-interactive login, five panes ask for the one-time code once.
final class SharedConnectionEndToEndTests: XCTestCase {
    private var home: VaultHome!

    override func setUpWithError() throws {
        home = try VaultHome()
    }

    override func tearDown() {
        home = nil
    }

    private static func count(_ text: String, in log: String) -> Int {
        log.components(separatedBy: text).count - 1
    }

    /// Opens the workbench on `web`, trusts its key, splits the pane into `panes`, and returns
    /// how many logins sshd accepted once every pane's session started.
    private func acceptedLogins(forPanes panes: Int, on server: SSHDServer) throws -> Int {
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        // Room for ten panes made by halving the focused one.
        _ = try ChildProcess.run("tmux", ["resize-window", "-t", session.name, "-x", "400", "-y", "120"])
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        for index in 1..<panes {
            session.keys("C-\\", index.isMultiple(of: 2) ? "\"" : "%")
            // The new pane's shell is at its prompt before the next split.
            XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 > index }), session.screen())
        }
        XCTAssertTrue(
            waitUntil(timeout: 30) { Self.count("Starting session:", in: server.log()) >= panes },
            "sshd started \(Self.count("Starting session:", in: server.log())) sessions; the screen:\n\(session.screen())")
        XCTAssertFalse(session.screen().contains("no room"), session.screen())
        XCTAssertTrue(server.waitUntilEverySessionsLoginIsLogged(), server.log())
        let log = server.log()
        print("\(panes) panes: \(Self.count("Starting session:", in: log)) sessions, \(Self.count("Accepted publickey", in: log)) 'Accepted publickey' lines")
        return Self.count("Accepted publickey", in: log)
    }

    private func webHost() throws -> SSHDServer {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)
        return server
    }

    func testTenPanesOfASharingHostAreOneLoginInTheSSHDLog() throws {
        let server = try webHost()
        XCTAssertEqual(try acceptedLogins(forPanes: 10, on: server), 1)
    }

    func testTenPanesWithShareOffAreTenLoginsInTheSSHDLog() throws {
        let server = try webHost()
        try home.succeed(["hosts", "edit", "web", "--share", "off"])
        XCTAssertEqual(try acceptedLogins(forPanes: 10, on: server), 10)
    }

    func testFivePanesOnAKeyboardInteractiveHostAskForTheOneTimeCodeOnce() throws {
        let round = AsyncSSHScenario.Round(
            name: "Second factor", instruction: "Enter the code from your token",
            prompts: [AsyncSSHScenario.Prompt("Code: ", echo: false)], answers: ["123456"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]).withShell())
        try home.succeed([
            "hosts", "add", "otp", "--hostname", server.host, "--port", String(server.port), "--user", "alice",
            "--shell-integration", "off",
        ])
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "otp"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("o")  // Trust once
        XCTAssertTrue(session.waitForScreen(containing: "Second factor"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "Asked by otp, pane 1 of Workspace 1"), session.screen())
        session.send("123456", enter: false)
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "│$"), session.screen())

        for index in 1..<5 {
            session.keys("C-\\", index.isMultiple(of: 2) ? "\"" : "%")
            // The new pane's shell started before the next split.
            XCTAssertTrue(waitUntil(timeout: 15) { ((try? server.events("shell").count) ?? 0) > index }, session.screen())
        }
        XCTAssertTrue(waitUntil(timeout: 30) { ((try? server.events("shell").count) ?? 0) == 5 }, session.screen())
        // The rig logs an answered round before the shell it allows: every answer is there.
        XCTAssertFalse(session.screen().contains("Second factor"), "no second dialog: \(session.screen())")
        XCTAssertEqual(try server.events("kbdint_round_answered").count, 1, "the code was asked once")
        XCTAssertEqual(try server.events("connect").count, 1, "one connection for five panes")
        XCTAssertEqual(try server.events("shell").count, 5)
    }

    func testTransfersOnAKeyboardInteractiveHostTakeChannelsOfTheSharedConnectionAndAskNothingMore() throws {
        let files = try TemporaryDirectory(prefix: "termind-share-remote", mode: 0o755)
        let landing = try TemporaryDirectory(prefix: "termind-share-local")
        let names = (1...6).map { "file-\($0).bin" }
        for (index, name) in names.enumerated() {
            let bytes = Data((0..<(200_000 + index)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
            XCTAssertTrue(FileManager.default.createFile(atPath: files.appending(name).path, contents: bytes))
        }
        let round = AsyncSSHScenario.Round(
            name: "Second factor", instruction: "Enter the code from your token",
            prompts: [AsyncSSHScenario.Prompt("Code: ", echo: false)], answers: ["123456"])
        let server = try startAsyncSSH(
            AsyncSSHScenario().user("alice", keyboardInteractive: [round]).withShell().sftp(root: files.path))
        try home.succeed([
            "hosts", "add", "otp", "--hostname", server.host, "--port", String(server.port), "--user", "alice",
            "--shell-integration", "off",
        ])
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "otp"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("o")  // Trust once: the silent extras do not inherit it
        XCTAssertTrue(session.waitForScreen(containing: "Second factor"), session.screen())
        session.send("123456", enter: false)
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "│$"), session.screen())

        // The Host's browser beside the terminal, this machine's beside that, at `landing`.
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(containing: "file-6.bin"), session.screen())
        session.keys("C-\\", "b")
        XCTAssertTrue(session.waitForScreen(containing: "local:"), session.screen())
        session.keys("g", "C-u")
        _ = try? ChildProcess.run("tmux", ["send-keys", "-t", session.name, "-l", landing.path])
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "local:\(landing.path)"), session.screen())

        // Every file of the Host's browser, copied here: four at a time.
        session.keys("C-\\", "O")
        session.keys("a", "c")
        XCTAssertTrue(
            waitUntil(timeout: 30) { names.allSatisfy { FileManager.default.fileExists(atPath: landing.appending($0).path) } },
            "every file landed: \(session.screen())")
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: landing.appending(name).path),
                FileManager.default.contents(atPath: files.appending(name).path), name)
        }
        XCTAssertFalse(session.screen().contains("Second factor"), "nothing more was asked: \(session.screen())")
        XCTAssertEqual(try server.events("kbdint_round_answered").count, 1, "the code was asked once")
        XCTAssertEqual(try server.events("auth_complete").count, 1, "one login for the panes and the transfers")
        print("SFTP sessions on the one login: \(try server.events("sftp").count); connections: \(try server.events("connect").count)")
        XCTAssertGreaterThanOrEqual(try server.events("sftp").count, 3, "the browser's, the queue's and the extras' channels")
    }
}
