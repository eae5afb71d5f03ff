import Foundation
import TermindTestSupport
import XCTest

/// Find and copy in a pane of the built binary, in a real terminal (tmux) against the rig's
/// OpenSSH sshd, as a person would: lines printed by the remote shell, one found far back in
/// the scrollback, a selection copied (it reaches tmux's clipboard through OSC 52) and pasted
/// back at the prompt with `C-\ ]`, where it runs.
final class FindCopyEndToEndTests: XCTestCase {
    private var home: VaultHome!

    override func setUpWithError() throws {
        home = try VaultHome()
    }

    override func tearDown() {
        home = nil
    }


    func testFindALineInTheScrollbackCopyItAndPasteItBackAtThePrompt() throws {
        let server = try startSSHD(configure: "MaxStartups 100\n")
        try home.addRigHosts("web", on: server)

        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        // tmux keeps what a program in it sets with OSC 52 as a paste buffer.
        _ = try ChildProcess.run("tmux", ["set-option", "-s", "-t", session.name, "set-clipboard", "on"])
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())

        // A known line, then 300 more: it is far back in the scrollback.
        session.send("echo 'marker: echo copy-ok-$((6*7))'; seq 1 300; echo printed-$((2*3))")
        XCTAssertTrue(session.waitForScreen(containing: "printed-6"), session.screen())
        XCTAssertFalse(session.screen().contains("marker:"), "the marker scrolled away:\n\(session.screen())")

        // Find it: the view goes back to it and the prompt counts the matches (the command
        // line and its output); the current one is the newest.
        session.keys("C-\\", "/")
        session.send("echo copy-ok", enter: false)
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("marker: echo copy-ok-$((6*7))") && $0.contains("/echo copy-ok") && $0.contains("2 of 2") }),
                      session.screen())
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(containing: "copy mode: hjkl"), session.screen())

        // Select from the match to the line's end and copy it.
        session.keys("v", "$", "y")
        XCTAssertTrue(session.waitForScreen(containing: "copied 21 characters, C-\\ ] pastes"), session.screen())
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("marker:") }), "back at the live screen:\n\(session.screen())")
        // The tmux server's buffers are shared by every test's session: look for ours among them.
        XCTAssertTrue(waitUntil { Self.tmuxBuffers().contains("echo copy-ok-$((6*7))") }, "OSC 52 reached tmux: \(Self.tmuxBuffers())")

        // Paste it at the prompt, where it is typed as it was copied, then run it.
        session.keys("C-\\", "]")
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("~$ echo copy-ok-$((6*7))") }
        }), session.screen())
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.split(separator: "\n").contains { $0.contains("copy-ok-42") && !$0.contains("echo") }
        }), session.screen())

        // A mouse drag over that output (bash has not taken the mouse) selects it; letting go
        // copies it, and the paste action types it at the prompt.
        let lines = session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try XCTUnwrap(lines.lastIndex { $0.contains("copy-ok-42") && !$0.contains("echo") })
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "copy-ok-42")!.lowerBound)
        // SGR mouse reports count from 1; `│` before the pane is one column.
        let (x, y) = (column + 1, row + 1)
        session.send("\u{1B}[<0;\(x);\(y)M\u{1B}[<32;\(x + 4);\(y)M\u{1B}[<32;\(x + 9);\(y)M\u{1B}[<0;\(x + 9);\(y)m", enter: false)
        XCTAssertTrue(session.waitForScreen(containing: "copied 10 characters"), session.screen())
        session.keys("C-\\", "]")
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("~$ copy-ok-42") }
        }), session.screen())
    }


    /// Every buffer the tmux server holds, newest first.
    private static func tmuxBuffers() -> [String] {
        let names = (try? ChildProcess.run("tmux", ["list-buffers", "-F", "#{buffer_name}"]).stdout) ?? ""
        return names.split(separator: "\n").compactMap { try? ChildProcess.run("tmux", ["show-buffer", "-b", String($0)]).stdout }
    }
}
