import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// A copy in copy mode reaches the outer terminal's clipboard (OSC 52, also through tmux's
/// passthrough inside tmux) and the paste buffer, which `C-\ ]` types into the focused pane,
/// bracketed when its program asked for bracketed paste.
@MainActor
final class WorkbenchCopyPasteTests: WorkbenchTestCase {
    /// Opens `web`, prints `text`, and copies its first line with copy mode's keys.
    private func copyFirstLine(of text: String) async throws -> ScriptedConnection {
        let web = try await openFromNavigator("web")
        web.shell.print(text)
        await waitForScreen(containing: "ready")
        prefixed(.character("["))
        press(.character("g"))
        type("v$y")
        return web
    }

    func testACopyGoesToTheClipboardAndThePasteActionTypesIt() async throws {
        try await start()
        let web = try await copyFirstLine(of: "echo copied\r\nready $ ")
        XCTAssertEqual(String(decoding: workbench.takeClipboardWrites(), as: UTF8.self), "\u{1B}]52;c;ZWNobyBjb3BpZWQ=\u{07}")
        XCTAssertTrue(screenText.contains("copied 11 characters, C-\\ ] pastes"), screenReport)

        prefixed(.character("]"))
        await eventually("the paste reached the shell", showing: web.shell.written) { web.shell.written.hasSuffix("echo copied") }

        web.shell.print("\u{1B}[?2004hbracketed now\r\n")
        await waitForScreen(containing: "bracketed now")
        prefixed(.character("]"))
        await eventually("the bracketed paste reached the shell", showing: web.shell.written) {
            web.shell.written.hasSuffix("\u{1B}[200~echo copied\u{1B}[201~")
        }
    }

    func testInsideTmuxTheCopyAlsoGoesThroughThePassthrough() async throws {
        try await start(environment: ["TMUX": "/tmp/tmux-0/default,1234,0"])
        _ = try await copyFirstLine(of: "hi\r\nready $ ")
        XCTAssertEqual(
            String(decoding: workbench.takeClipboardWrites(), as: UTF8.self),
            "\u{1B}]52;c;aGk=\u{07}\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\")
    }

    func testPastingBeforeAnyCopySaysSo() async throws {
        try await start()
        let web = try await openFromNavigator("web")
        prefixed(.character("]"))
        XCTAssertTrue(screenText.contains("nothing to paste yet: copy mode (C-\\ [) copies"), screenReport)
        XCTAssertEqual(web.shell.written, "")
    }
}
