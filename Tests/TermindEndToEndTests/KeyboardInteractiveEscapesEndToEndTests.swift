import Foundation
import TermindTestSupport
import XCTest

/// A keyboard-interactive round from the scripted asyncssh server whose name, instruction and
/// prompt carry escape sequences (a title set, a screen clear, an OSC 52 clipboard write): the
/// CLI's prompt on the terminal and the workbench's dialog show them as escapes, and the round
/// is still answered.
final class KeyboardInteractiveEscapesEndToEndTests: XCTestCase {
    private var home: VaultHome!
    private var root: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try VaultHome()
        root = try TemporaryDirectory(prefix: "termind-kbdint-root", mode: 0o755)
        try root.write("x\n", to: "listed.txt")
    }

    override func tearDown() {
        home = nil
        root = nil
    }

    private static let round = AsyncSSHScenario.Round(
        name: "Second factor \u{1B}]0;PWNED\u{07}now",
        instruction: "Enter the code\u{1B}[2J from \u{1B}]52;c;cm0gLXJmIC8K\u{07}your token",
        prompts: [AsyncSSHScenario.Prompt("Team\u{1B}[31m: ", echo: true)],
        answers: ["blue"])

    func testTheCLIShowsTheRoundsEscapesVisiblyAndTheAnswerGetsIn() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [Self.round]).sftp(root: root.path))
        let (status, bytes) = try home.runOnTerminal(
            ["ls", "--accept-new", "alice@\(server.host):\(server.port):/"], input: "blue\n")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text.debugDescription)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains(#"Second factor \033]0;PWNED\007now"#), text.debugDescription)
        XCTAssertTrue(text.contains(#"Enter the code\033[2J from \033]52;c;cm0gLXJmIC8K\007your token"#), text.debugDescription)
        XCTAssertTrue(text.contains(#"Team\033[31m: "#), text.debugDescription)
        XCTAssertTrue(text.contains("listed.txt"), text.debugDescription)
        XCTAssertEqual(try server.waitForEvent("kbdint_round_answered").matched, true)
    }

    func testTheWorkbenchDialogShowsTheRoundsEscapesVisiblyAndLeavesTheTitleAlone() throws {
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [Self.round]).withShell())
        let session = try TmuxSession(
            command: [try TermindBinary.path(), "connect", "alice@\(server.host):\(server.port)"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("o")  // Trust once

        // The whole dialog at once: a capture may land while a frame is still being written.
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("Second factor") && $0.contains(#"\033[2J"#) }), session.screen())
        let dialog = session.screen()
        XCTAssertTrue(dialog.contains(#"Second factor \033]0;PWNED\007now"#), dialog)
        XCTAssertTrue(dialog.contains(#"Team\033[31m:"#), dialog)
        XCTAssertTrue(dialog.contains(#"\033[2J"#), dialog)
        let title = try ChildProcess.run("tmux", ["display-message", "-p", "-t", session.name, "#{pane_title}"]).stdout
        XCTAssertFalse(title.contains("PWNED"), "the outer terminal's title was set: \(title)")
        session.send("blue", enter: false)
        session.keys("Enter")
        XCTAssertEqual(try server.waitForEvent("kbdint_round_answered").matched, true)
    }
}
