import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The Snippet picker: it finds a Snippet as the person types, asks each `{{variable}}`, shows
/// the whole script, and only then types it into the focused pane, or into each pane of the
/// broadcast it is in; Escape at any step sends nothing; control characters never go out.
@MainActor
final class WorkbenchSnippetTests: WorkbenchTestCase {
    private func snippets(_ list: [(String, String)]) async throws {
        let made = try list.map { Snippet(label: try Label($0.0), script: $0.1) }
        await services.setSnippets(made)
    }

    func testAChosenSnippetAsksItsVariablesShowsTheScriptThenTypesIt() async throws {
        try await start(size: CellSize(columns: 120, rows: 30))
        let shell = try await openFromNavigator("web").shell
        try await snippets([("tail-log", "tail -n {{lines}} /var/log/{{service}}.log"), ("disk", "df -h")])
        prefixed(.character("s"))
        await waitForScreen(containing: "tail-log")
        type("tail")
        press(.enter)
        await waitForScreen(containing: "{{lines}} =")
        type("50")
        press(.enter)
        await waitForScreen(containing: "{{service}} =")
        type("nginx")
        press(.enter)
        await waitForScreen(containing: "tail -n 50 /var/log/nginx.log")
        XCTAssertTrue(screenText.contains("as it will be sent to the focused pane"), screenText)
        XCTAssertEqual(shell.written, "", "nothing sent before Enter")
        press(.enter)
        await eventually("the script reached the shell", showing: screenReport) { shell.written == "tail -n 50 /var/log/nginx.log" }
        XCTAssertNil(workbench.snippetPicker)
    }

    func testASnippetGoesToEachPaneOfTheBroadcastAndEscapeSendsNothing() async throws {
        try await start(size: CellSize(columns: 120, rows: 30))
        try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        try await snippets([("greet", "echo hello {{who}}")])
        let shells = services.connections.map(\.shell)

        prefixed(.character("s"))
        await waitForScreen(containing: "greet")
        press(.enter)
        await waitForScreen(containing: "{{who}} =")
        press(.escape)
        XCTAssertNil(workbench.snippetPicker)

        prefixed(.character("A"))
        prefixed(.character("s"))
        await waitForScreen(containing: "Snippets → 2 panes (broadcast)")
        await waitForScreen(containing: "greet")
        press(.enter)
        await waitForScreen(containing: "{{who}} =")
        type("world")
        press(.enter)
        await waitForScreen(containing: "echo hello world")
        press(.enter)
        await eventually("both panes got it", showing: screenReport) { shells.allSatisfy { $0.written == "echo hello world" } }
    }

    func testControlCharactersInASnippetOrAValueNeverReachThePane() async throws {
        try await start()
        let shell = try await openFromNavigator("web").shell
        shell.print("\u{1B}[?2004h")
        await eventually("bracketed paste on", showing: screenReport) { (self.workbench.focusedPane as? TerminalPane)?.surface.bracketsPastes == true }
        try await snippets([("sneaky", "echo a\u{1B}[201~\nrm -rf {{dir}}\u{07}")])
        prefixed(.character("s"))
        await waitForScreen(containing: "sneaky")
        press(.enter)
        await waitForScreen(containing: "{{dir}} =")
        workbench.handle(.paste(Array("/tmp/x\u{1B}[201~".utf8)))
        press(.enter)
        await waitForScreen(containing: "as it will be sent")
        XCTAssertTrue(screenText.contains("\\033[201~") || screenText.contains("␛"), "shown escaped: \(screenText)")
        press(.enter)
        await eventually("the paste arrived", showing: screenReport) { shell.written.hasSuffix("\u{1B}[201~") && shell.written.count > 12 }
        XCTAssertEqual(shell.written, "\u{1B}[200~echo a[201~\rrm -rf /tmp/x[201~\u{1B}[201~", "one bracket pair, the ESCs inside dropped")
    }

    func testNoSnippetsSaysHowToAddOne() async throws {
        try await start()
        try await openFromNavigator("web")
        prefixed(.character("s"))
        await waitForScreen(containing: "no Snippets yet: F7 adds one")
    }
}
