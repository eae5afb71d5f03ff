import Foundation
import TermindTestSupport
import XCTest

/// The workbench TUI of the built binary in a real terminal (tmux), driven with keys as a
/// person would: against the rig's OpenSSH sshd (host-key approval, two panes, a resize,
/// quitting) and the scripted asyncssh server (a keyboard-interactive dialog).
final class WorkbenchEndToEndTests: XCTestCase {
    private var home: VaultHome!

    override func setUpWithError() throws {
        home = try VaultHome()
    }

    override func tearDown() {
        home = nil
    }

    /// Sends tmux key names (`C-\\`, `M-Right`, `Enter`) to the session.

    /// Starts `termind arguments...` in tmux after printing a marker line, so the test can see
    /// the shell's screen come back when termind ends.
    private func workbench(_ arguments: [String]) throws -> TmuxSession {
        try TmuxSession(
            command: ["sh", "-c", "echo BEFORE-THE-WORKBENCH; exec \"$0\" \"$@\"", try TermindBinary.path()] + arguments,
            environment: home.terminalEnvironment)
    }

    func testConnectApproveTheHostKeySplitRunCommandsInBothPanesResizeAndQuit() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)

        let session = try workbench(["connect", "web"])
        defer { session.kill() }

        // The unknown host key: host, port, type and fingerprint, then Trust and save.
        let fingerprints = try SSHDServer.hostKeyAlgorithms.map { try server.fingerprint(ofHostKey: $0) }
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.contains("Unknown host key") && screen.contains("Port:        \(server.port)")
                && fingerprints.contains { screen.contains("Fingerprint: \($0)") } && screen.contains("1 interaction waiting")
        }), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        XCTAssertEqual((try home.json(["known-hosts", "list"]) as? [[String: Any]])?.count, 1, "Trust and save saved the key")

        // Left pane.
        session.send("echo left-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "left-42"), session.screen())

        // Split: the new pane connects to the same Host (the key is trusted now: no dialog).
        session.keys("C-\\", "%")
        XCTAssertTrue(session.waitForScreen(containing: " 2 web"), session.screen())
        // Two prompts on the left (one with the echo), the new pane's on the right.
        XCTAssertTrue(waitUntil { session.screen().components(separatedBy: "~$").count - 1 >= 3 }, session.screen())
        session.send("echo right-$((7*8))")
        XCTAssertTrue(session.waitForScreen(containing: "right-56"), session.screen())

        // Both panes on screen at once, side by side.
        let both = session.screen().split(separator: "\n").map(String.init)
        let leftLine = try XCTUnwrap(both.first { $0.contains("left-42") && !$0.contains("echo") })
        let rightLine = try XCTUnwrap(both.first { $0.contains("right-56") && !$0.contains("echo") })
        XCTAssertLessThan(leftLine.range(of: "left-42")!.lowerBound.utf16Offset(in: leftLine), 80)
        XCTAssertGreaterThan(rightLine.range(of: "right-56")!.lowerBound.utf16Offset(in: rightLine), 80)

        // Back to the left pane; it still takes keys.
        session.keys("C-\\", "Left")
        session.send("echo again-left")
        XCTAssertTrue(session.waitForScreen(containing: "again-left"), session.screen())

        // A resize reaches the pane's PTY: 120×35 less the tab and status bars and the title line,
        // less the Navigator (30 + border): 89 columns split in two.
        _ = try ChildProcess.run("tmux", ["resize-window", "-t", session.name, "-x", "120", "-y", "35"])
        XCTAssertTrue(waitUntil { !session.screen().contains(String(repeating: " ", count: 125)) }, "the window did not shrink")
        session.send("clear; stty size")
        XCTAssertTrue(session.waitForScreen(containing: "32 44"), session.screen())

        // Quit: confirm, then the terminal is the shell's again.
        session.keys("C-\\", "q")
        XCTAssertTrue(session.waitForScreen(containing: "quit and close 2 Sessions? (y/n)"), session.screen())
        session.keys("y")
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
        let after = session.screen()
        XCTAssertTrue(after.contains("BEFORE-THE-WORKBENCH"), "the shell's screen came back:\n\(after)")
        XCTAssertFalse(after.contains("Navigator"), "the alternate screen was left:\n\(after)")
        let modes = try ChildProcess.run("tmux", ["display-message", "-p", "-t", session.name, "#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}"])
        XCTAssertEqual(modes.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0 0 0", "alternate screen and mouse modes are off")
        XCTAssertTrue(server.waitForLog(containing: "Disconnected from user \(server.username)"), server.log())
    }

    func testHostileSequencesAndOddWidthsInAPaneLeaveTheWorkbenchAliveAndItsBarsInPlace() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)

        let session = try workbench(["connect", "web"])
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())

        // libvterm 0.1.4 alone writes the 17th parameter past its 16 slots: a crash.
        let seventeen = Array(repeating: "1", count: 16).joined(separator: ";") + ";1094795585"
        session.send("printf '\\033[\(seventeen)HX\\033[0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;1m\\033[?25;\(seventeen)h\\033[b\\033[0m\\n'; echo alive-$((6*7))")
        XCTAssertTrue(session.waitForScreen(containing: "alive-42"), session.screen())

        // Characters Termind and the terminal may measure differently, on full-width lines.
        session.send("clear; for i in $(seq 45); do python3 -c \"print('x'*124 + chr(0x600)*4 + 'END')\"; done; echo widths-$((7*8))")
        XCTAssertTrue(session.waitForScreen(containing: "widths-56"), session.screen())
        let lines = session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines.first?.contains(" 1 web") == true, "the tab bar is in place:\n\(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines.contains { $0.hasPrefix(" Navigator") }, "the Navigator is in place:\n\(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines.contains { $0.hasPrefix(" 1:web") && $0.contains("transfers") }, "the status bar is in place:\n\(lines.joined(separator: "\n"))")
        XCTAssertFalse(session.screen().contains("termind exited"))
    }

    func testAKeyboardInteractiveDialogAnswersTheServersRounds() throws {
        let round = AsyncSSHScenario.Round(
            name: "Second factor", instruction: "Enter the code from your token",
            prompts: [AsyncSSHScenario.Prompt("Code: ", echo: false), AsyncSSHScenario.Prompt("Team: ", echo: true)],
            answers: ["123456", "blue"])
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", keyboardInteractive: [round]).withShell())

        let session = try workbench(["connect", "alice@\(server.host):\(server.port)"])
        defer { session.kill() }
        // Each part is waited for: a capture may land while a frame is still being written.
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: server.hostKeyFingerprint), session.screen())
        session.keys("o")  // Trust once

        XCTAssertTrue(session.waitForScreen(containing: "Second factor"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "Enter the code from your token"), session.screen())
        XCTAssertTrue(
            session.waitForScreen(containing: "Asked by alice@\(server.host):\(server.port), pane 1 of Workspace 1"), session.screen())
        session.send("123456", enter: false)
        session.keys("Tab")
        session.send("blue", enter: false)
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("••••••") && $0.contains("blue") }), session.screen())
        XCTAssertFalse(session.screen().contains("123456"), "a no-echo answer was shown")
        session.keys("Enter")

        // The rig's shell prompts with "$ " (capture-pane trims the space).
        XCTAssertTrue(session.waitForScreen(containing: "│$"), session.screen())
        XCTAssertEqual(try server.waitForEvent("kbdint_round_answered").matched, true)
        session.send("size")
        XCTAssertTrue(session.waitForScreen(containing: "129x42"), session.screen())
        XCTAssertEqual((try home.json(["known-hosts", "list"]) as? [[String: Any]])?.count, 0, "Trust once saves nothing")
    }

    func testTheWorkbenchGivesTheTerminalBackOnSIGTERM() throws {
        try assertTerminalGivenBack(after: "TERM", exitStatus: 143)
    }

    func testTheWorkbenchGivesTheTerminalBackAfterACrash() throws {
        // A bad access; Swift's own crash reporter is off so the default action ends the process.
        home.environment["SWIFT_BACKTRACE"] = "enable=no"
        try assertTerminalGivenBack(after: "SEGV", exitStatus: 139)
    }

    /// Starts the workbench, sends it `signal`, and checks that the shell's screen came back
    /// with the alternate screen and mouse reporting off.
    private func assertTerminalGivenBack(after signal: String, exitStatus: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let session = try workbench([])
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Empty pane"), session.screen(), file: file, line: line)
        let pid = try ChildProcess.run("tmux", ["display-message", "-p", "-t", session.name, "#{pane_pid}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // The pane runs sh, whose child is termind (env and sh exec'd into it).
        let child = try ChildProcess.run("pgrep", ["-P", pid]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(child.isEmpty, file: file, line: line)
        _ = try ChildProcess.run("kill", ["-\(signal)", child.components(separatedBy: "\n")[0]])
        XCTAssertTrue(session.waitForScreen(containing: "termind exited \(exitStatus)"), session.screen(), file: file, line: line)
        XCTAssertTrue(session.screen().contains("BEFORE-THE-WORKBENCH"), session.screen(), file: file, line: line)
        let modes = try ChildProcess.run("tmux", ["display-message", "-p", "-t", session.name, "#{alternate_on} #{mouse_any_flag}"])
        XCTAssertEqual(modes.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0 0", file: file, line: line)
    }

}
