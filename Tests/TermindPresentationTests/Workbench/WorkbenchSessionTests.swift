import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// SSH panes: opening a Host, the PTY at the pane's size, keys in the pane's modes, output on
/// screen, splits, window changes, closing and how a Session's end shows.
@MainActor
final class WorkbenchSessionTests: WorkbenchTestCase {
    func testTheNavigatorListsTheVaultsHostsAndHasFocusAtStart() async throws {
        try await start()
        XCTAssertTrue(screen[1].hasPrefix(" F7 new · F6 edit · F8 delete"), screenText)
        XCTAssertTrue(screenText.contains("  web 10.0.0.1"), screenText)
        XCTAssertTrue(screenText.contains("  db-primary 10.0.0.2"), screenText)
        XCTAssertTrue(screenText.contains("Recent Workspaces"), screenText)
        XCTAssertTrue(screen[29].contains("C-\\ ? help"), screen[29])
    }

    func testTypingFiltersTheHostsAndEnterOpensTheBestMatchAtThePanesSize() async throws {
        try await start()
        type("db")
        XCTAssertFalse(screenText.contains("  web 10.0.0.1"), screenText)
        press(.enter)
        await eventually("the shell is open", showing: screenReport) { services.connections.first?.openedSize != nil }
        XCTAssertEqual(services.attempts.map(\.label), ["db-primary"])
        let connection = try XCTUnwrap(services.connections.first)
        // 100 columns minus the Navigator (30) and its border; 30 rows minus the tab bar, the
        // status bar and the pane's title line.
        XCTAssertEqual(connection.openedSize, TerminalSize(columns: 69, rows: 27))
        XCTAssertEqual(connection.term, "xterm-256color")
    }

    func testOutputShowsAsItArrivesAndKeysGoToTheFocusedPane() async throws {
        try await start()
        let connection = try await openFromNavigator("web")
        connection.shell.print("Welcome to web\r\n$ ")
        await waitForScreen(containing: "Welcome to web")
        XCTAssertTrue(screen[1].contains(" 1 web"), screen[1])
        XCTAssertTrue(screen[2].hasSuffix("│Welcome to web"), screen[2])

        type("ls -l")
        press(.enter)
        press(.character("c"), .control)
        await eventually("the keys reached the shell", showing: screenReport) { connection.shell.written == "ls -l\r\u{03}" }
    }

    func testKeysReadTogetherGoOutInOneWrite() async throws {
        try await start()
        let shell = try await openFromNavigator("web").shell
        // A paste into a program without bracketed paste arrives as keys: 4,000 of them in
        // one terminal read.
        let text = String(repeating: "0123456789", count: 400)
        workbench.handle(text.map { InputEvent.key(KeyPress(.character($0))) })
        await eventually("the paste reached the shell", showing: screenReport) { shell.written == text }
        XCTAssertEqual(shell.writeCount, 1)

        workbench.handle([.key(KeyPress(.character("a"))), .paste(Array("b".utf8)), .key(KeyPress(.enter))])
        await eventually("the keys and the paste reached the shell", showing: screenReport) { shell.written == text + "ab\r" }
        XCTAssertEqual(shell.writeCount, 2)
    }

    func testAPrefixInsideABatchOfTypedKeysStillActsAndTheKeysAfterItGoToTheNewPane() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        workbench.handle([.key(KeyPress(.character("a"))), Self.prefix, .key(KeyPress(.character("%"))), .key(KeyPress(.character("b")))])
        await eventually("the split opened a second shell", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        await eventually("b went to the new pane once its shell opened", showing: screenReport) { services.connections[1].shell.written == "b" }
        XCTAssertEqual(first.shell.written, "a")
    }

    func testKeysAreEncodedInThePanesOwnModes() async throws {
        try await start()
        let shell = try await openFromNavigator("web").shell
        press(.up)
        await eventually("a normal-mode Up", showing: screenReport) { shell.written == "\u{1B}[A" }
        // vim turns on application cursor keys and bracketed paste.
        shell.print("\u{1B}[?1h\u{1B}[?2004hready")
        await waitForScreen(containing: "ready")
        press(.up)
        workbench.handle(.paste(Array("one\ntwo".utf8)))
        await eventually("an application-mode Up and a bracketed paste", showing: screenReport) {
            shell.written == "\u{1B}[A\u{1B}OA\u{1B}[200~one\rtwo\u{1B}[201~"
        }
    }

    func testSplittingATerminalOpensTheSameHostInTheNewPaneWithADividerAndFocus() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second pane's shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        XCTAssertEqual(services.attempts.map(\.label), ["web", "web"])
        // 69 columns: 34 on the left, a divider, 34 on the right.
        XCTAssertEqual(services.connections[1].openedSize, TerminalSize(columns: 34, rows: 27))
        await eventually("the first pane shrank", showing: screenReport) { first.shell.sizes.last == TerminalSize(columns: 34, rows: 27) }
        let title = screen[1]
        XCTAssertTrue(title.contains(" 1 web"), title)
        XCTAssertTrue(title.contains(" 2 web"), title)
        XCTAssertEqual(Array(screen[5])[65], "│", screen[5])
        XCTAssertEqual(workbench.workspace.focusedPaneID, workbench.workspace.panes[1].id, "the new pane has focus")

        services.connections[1].shell.print("right side")
        first.shell.print("left side")
        await waitForScreen(containing: "right side")
        await waitForScreen(containing: "left side")
        type("x")
        await eventually("the key went to the focused (new) pane", showing: screenReport) { services.connections[1].shell.written == "x" }
        XCTAssertEqual(first.shell.written, "")
    }

    func testAResizeLaysOutAgainAndEveryPtyFollowsItsPane() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        prefixed(.character("\""))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        let second = services.connections[1]
        workbench.resize(to: CellSize(columns: 131, rows: 40))
        _ = workbench.frame()
        // 100 columns for the Workspace; 38 rows: 19 + divider + 18, less a title line each.
        await eventually("both PTYs got their new size", showing: screenReport) {
            first.shell.sizes.last == TerminalSize(columns: 100, rows: 18) && second.shell.sizes.last == TerminalSize(columns: 100, rows: 17)
        }
    }

    func testClosingAPaneClosesItsSessionAndFocusGoesToTheOther() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        let second = services.connections[1]
        prefixed(.character("x"))
        XCTAssertTrue(screen[29].contains("close pane 2 and its Session to web? (y/n)"), screen[29])
        press(.character("n"))
        XCTAssertEqual(workbench.workspace.paneCount, 2, "no keeps the pane")
        XCTAssertFalse(second.isClosed)
        XCTAssertEqual(second.shell.written, "", "the answer is not typed into the pane")
        prefixed(.character("x"))
        press(.character("y"))
        await eventually("the closed pane's connection closed", showing: screenReport) { second.isClosed && second.shell.isClosed }
        XCTAssertFalse(first.isClosed)
        XCTAssertEqual(workbench.workspace.paneCount, 1)
        await eventually("the remaining pane is full width again", showing: screenReport) { first.shell.sizes.last == TerminalSize(columns: 69, rows: 27) }
    }

    func testADroppedConnectionShowsInItsPaneWithReconnectAndTheOtherPaneCarriesOn() async throws {
        var web = WorkbenchFixture.host("web")
        web.reconnect = .manual  // waits for the person (WorkbenchReconnectTests: by itself)
        try await start(hosts: [web])
        let first = try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        services.connections[1].shell.drop()
        await waitForScreen(containing: "The connection to web was lost")
        XCTAssertTrue(screenText.contains("(the server closed it). Enter or"), screenText)
        let notice = screen.dropLast().suffix(5).map {
            ($0.split(separator: "│", omittingEmptySubsequences: false).last.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        }.joined(separator: " ")
        XCTAssertTrue(notice.contains("C-\\ r reconnects, d details, C-\\ x closes."), screenText)
        XCTAssertFalse(screenText.contains("was reset"), "the detail is for the log: \(screenText)")
        XCTAssertTrue(screen[1].contains("[lost]"), screen[1])

        first.shell.print("still here")
        await waitForScreen(containing: "still here")

        press(.enter)
        await eventually("a new attempt connected", showing: screenReport) { services.connections.count == 3 && services.connections[2].openedSize != nil }
        XCTAssertEqual(services.attempts.map(\.label), ["web", "web", "web"])
        XCTAssertNotEqual(services.attempts[1].generation, services.attempts[2].generation)
        XCTAssertFalse(screen[1].contains("[lost]"), screen[1])
    }

    func testAReconnectAfterADroppedFullScreenProgramStartsCleanBelowAMarker() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        first.shell.print("$ vi notes\r\n\u{1B}[?1049h\u{1B}[?1h\u{1B}[?1002h\u{1B}[Hvi's text")
        await waitForScreen(containing: "vi's text")
        first.shell.drop()
        await waitForScreen(containing: "was lost")
        press(.enter)
        await eventually("a new attempt connected", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        let second = services.connections[1].shell
        second.print("$ ")
        var lines: [String] { screen.map { $0.split(separator: "│", omittingEmptySubsequences: false).last.map(String.init) ?? "" } }
        await eventually("the new prompt below the marker", showing: screenReport) {
            guard let marker = lines.firstIndex(where: { $0.hasPrefix("── reconnected ") }) else { return false }
            return lines[marker - 1].trimmingCharacters(in: .whitespaces) == "$ vi notes"
                && lines[marker + 1].trimmingCharacters(in: .whitespaces) == "$"
        }
        XCTAssertFalse(screenText.contains("vi's text"), screenText)
        press(.up)
        await eventually("the Up key in normal mode", showing: screenReport) { second.written == "\u{1B}[A" }
    }

    func testARemoteExitSaysHowTheShellEnded() async throws {
        try await start()
        let connection = try await openFromNavigator("web")
        connection.shell.exit(3)
        await waitForScreen(containing: "Session ended: the remote shell exited with status 3")
    }

    func testAFailureToConnectStaysInItsPane() async throws {
        try await start()
        services.connect { label, _, _ in
            throw SSHFailure(.authentication, connection: label, detail: "no method the server accepts worked (publickey)")
        }
        type("db")
        press(.enter)
        await waitForScreen(containing: "Could not connect to db-primary")
        XCTAssertTrue(screenText.contains("no method the server accepts worked"), screenText)
        XCTAssertEqual(services.attempts.count, 1, "an authentication failure is never retried by itself")
    }

    func testAChangedHostKeyShowsAFailureScreenWithBothFingerprintsNotADialog() async throws {
        try await start()
        services.connect { label, _, _ in
            throw SSHFailure(
                .hostKeyChanged, connection: label,
                detail: "the ssh-ed25519 host key of 10.0.0.1 has CHANGED: the server offers SHA256:NEWnewNEWnew+/, but the recorded key is SHA256:OLDoldOLDold in the Vault's Known Hosts, record '10.0.0.1 ssh-ed25519'. Someone may be intercepting the connection.")
        }
        type("web")
        press(.enter)
        await waitForScreen(containing: "HOST KEY CHANGED")
        XCTAssertTrue(screenText.contains("Offered by the server:  SHA256:NEWnewNEWnew+/"), screenText)
        XCTAssertTrue(screenText.contains("Recorded for this host: SHA256:OLDoldOLDold"), screenText)
        XCTAssertFalse(screenText.contains("Unknown host key"))
        XCTAssertNil(workbench.dialog)
    }

    func testScrollModeAndTheWheelShowTheScrollback() async throws {
        try await start()
        let shell = try await openFromNavigator("web").shell
        shell.print((1...100).map { "line \($0)" }.joined(separator: "\r\n"))
        await waitForScreen(containing: "line 100")
        XCTAssertFalse(screenText.contains("line 50\n") || screen.contains { $0.hasSuffix("│line 50") })

        prefixed(.character("["))
        press(.pageUp)
        XCTAssertTrue(screen.contains { $0.hasSuffix("│line 50") }, screenText)
        XCTAssertTrue(screen[1].contains("[scroll 26/73]"), screen[1])
        press(.character("q"))
        XCTAssertTrue(screen.contains { $0.hasSuffix("│line 100") })

        workbench.handle(.mouse(MouseEvent(kind: .scrollUp, column: 50, row: 10)))
        XCTAssertTrue(screen[1].contains("[scroll 3/73]"), screen[1])
        workbench.handle(.mouse(MouseEvent(kind: .scrollDown, column: 50, row: 10)))
        XCTAssertFalse(screen[1].contains("[scroll"), screen[1])
        XCTAssertEqual(shell.written, "", "the wheel scrolled Termind's scrollback, nothing went to the shell")
    }

    func testTheMouseGoesToAProgramThatAskedForIt() async throws {
        try await start()
        let shell = try await openFromNavigator("web").shell
        shell.print("\u{1B}[?1000h\u{1B}[?1006h")
        await eventually("the mouse mode arrived", showing: screenReport) { (self.workbench.focusedPane as? TerminalPane)?.surface.mouseMode == .click }
        // Column 41, row 5 of the screen is column 10, row 3 of the pane's remote screen.
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 41, row: 5)))
        await eventually("an SGR mouse report", showing: screenReport) { shell.written == "\u{1B}[<0;11;4M" }
    }

    func testTheTitleShowsTheRemoteTitleAndWorkingDirectoryAndABellInAnotherPane() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        first.shell.print("\u{1B}]2;vim notes.txt\u{07}\u{1B}]7;file://web/home/deploy/my%20notes\u{07}")
        await eventually("the title", showing: screenReport) { self.screen[1].contains(" 1 web · vim notes.txt · /home/deploy/my notes") }
        prefixed(.character("%"))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        first.shell.print("\u{07}")
        await eventually("the bell shows on the unfocused pane", showing: screenReport) { self.screen[1].contains("[bell]") }
    }

    func testQuitAsksWhileSessionsAreOpenAndTheWorkspacesAreKept() async throws {
        try await start()
        try await openFromNavigator("web")
        prefixed(.character("q"))
        XCTAssertTrue(screen[29].contains("quit and close 1 Session? (y/n)"), screen[29])
        press(.character("n"))
        XCTAssertNil(workbench.exitStatus)
        prefixed(.character("q"))
        press(.character("y"))
        XCTAssertEqual(workbench.exitStatus, 0)
        await workbench.shutdown()
        XCTAssertEqual(services.savedWorkspaces?.map(\.name), ["web"])
        await eventually("the Session closed", showing: screenReport) { services.connections[0].isClosed }
    }
}
