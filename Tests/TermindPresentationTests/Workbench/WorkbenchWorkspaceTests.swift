import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Workspaces as tabs, the Navigator, Quick Open, the help overlay and the status bar.
@MainActor
final class WorkbenchWorkspaceTests: WorkbenchTestCase {
    func testQuickOpenFindsAHostByFuzzyNameAndOpensIt() async throws {
        try await start()
        press(.tab)  // from the Navigator to the (empty) pane
        prefixed(.character("f"))
        XCTAssertTrue(screenText.contains("Quick Open: Hosts and Workspaces"), screenText)
        type("dbp")
        let lines = screen
        let first = try XCTUnwrap(lines.firstIndex { $0.contains(" > dbp") })
        XCTAssertTrue(lines[first + 1].contains("Host") && lines[first + 1].contains("db-primary  deploy@10.0.0.2:22"), lines[first + 1])
        press(.enter)
        await eventually("db-primary connected", showing: screenReport) { services.connections.first?.openedSize != nil }
        XCTAssertEqual(services.attempts.map(\.label), ["db-primary"])
        XCTAssertFalse(screenText.contains("Quick Open"))
    }

    func testEnterInAnEmptyPaneOpensAHostPickerForThatPane() async throws {
        try await start()
        press(.tab)
        XCTAssertTrue(screenText.contains("Enter: choose a Host (also C-\\ f)"), screenText)
        press(.enter)
        XCTAssertTrue(screenText.contains("Open a Host in this pane"), screenText)
        press(.down)
        press(.enter)
        await eventually("the second Host connected in that pane", showing: screenReport) { services.connections.first?.openedSize != nil }
        XCTAssertEqual(services.attempts.map(\.label), ["db-primary"])
        XCTAssertEqual(workbench.workspace.paneCount, 1)
    }

    func testTheHelpOverlayListsEveryKeyBinding() async throws {
        try await start(size: CellSize(columns: 140, rows: 70))
        prefixed(.character("?"))
        let text = screenText
        XCTAssertTrue(text.contains("Key bindings (the prefix is C-\\)"), text)
        let rows = workbench.keymap.helpRows()
        XCTAssertGreaterThan(rows.count, 40)
        for row in rows {
            XCTAssertTrue(text.contains(row.keys), "\(row.keys) is missing")
            XCTAssertTrue(text.contains(row.description), "\(row.description) is missing")
        }
        press(.escape)
        XCTAssertFalse(screenText.contains("Key bindings"))
    }

    func testWorkspacesAreTabsThatKeysSelect() async throws {
        try await start()
        try await openFromNavigator("web")
        prefixed(.character("c"))
        XCTAssertEqual(screen[0], " 1 web   2 empty")
        XCTAssertTrue(screen[29].hasPrefix(" 2:empty "), screen[29])
        press(.character("1"), .alt)
        XCTAssertTrue(screen[29].hasPrefix(" 2:empty "), "M-1 is the pane's (readline's), not the workbench's: \(screen[29])")
        prefixed(.character("1"))
        XCTAssertTrue(screen[29].hasPrefix(" 1:web "), screen[29])
        prefixed(.character("n"))
        XCTAssertTrue(screen[29].hasPrefix(" 2:empty "), screen[29])
        // A click on the first tab.
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 2, row: 0)))
        XCTAssertTrue(screen[29].hasPrefix(" 1:web "), screen[29])
    }

    func testMovingAPaneToAnotherWorkspaceKeepsItsSession() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        let second = services.connections[1]
        prefixed(.character("m"))
        XCTAssertTrue(screen[29].contains("move the pane to which Workspace?"), screen[29])
        type("2")
        XCTAssertEqual(workbench.workspaces.count, 2)
        XCTAssertEqual(workbench.selectedWorkspace, 1)
        await eventually("the moved pane fills its new Workspace", showing: screenReport) { second.shell.sizes.last == TerminalSize(columns: 69, rows: 27) }
        XCTAssertFalse(second.isClosed)
        second.shell.print("moved along")
        await waitForScreen(containing: "moved along")
        await eventually("the pane left behind fills Workspace 1", showing: screenReport) { first.shell.sizes.last == TerminalSize(columns: 69, rows: 27) }
    }

    func testZoomAndResizeKeysChangeTheLayoutAndThePtys() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        let second = services.connections[1]
        prefixed(.left, .control)
        _ = workbench.frame()
        await eventually("the divider moved one cell left", showing: screenReport) {
            first.shell.sizes.last == TerminalSize(columns: 33, rows: 27) && second.shell.sizes.last == TerminalSize(columns: 35, rows: 27)
        }
        prefixed(.character("z"))
        XCTAssertTrue(screen[1].contains("│ 2 web") && screen[1].hasSuffix("[zoom]"), screen[1])
        XCTAssertFalse(screen[1].contains(" 1 web"), "the other pane is hidden while zoomed")
        await eventually("the zoomed pane got the whole area", showing: screenReport) { second.shell.sizes.last == TerminalSize(columns: 69, rows: 27) }
        XCTAssertEqual(first.shell.sizes.last, TerminalSize(columns: 33, rows: 27), "a hidden pane keeps its size")
    }

    func testTheMouseDragsADividerAndClicksFocusPanesAndNavigatorEntries() async throws {
        try await start()
        let first = try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        // The divider sits at column 31 + 34; drag it ten columns left.
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 65, row: 10)))
        workbench.handle(.mouse(MouseEvent(kind: .drag(.left), column: 55, row: 10)))
        workbench.handle(.mouse(MouseEvent(kind: .release(.left), column: 55, row: 10)))
        await eventually("both PTYs followed the divider", showing: screenReport) {
            first.shell.sizes.last == TerminalSize(columns: 24, rows: 27)
                && services.connections[1].shell.sizes.last == TerminalSize(columns: 44, rows: 27)
        }
        // A click in the left pane focuses it (and is not sent to its shell, which did not ask).
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 40, row: 10)))
        XCTAssertEqual(workbench.workspace.focusedPaneID, workbench.workspace.panes[0].id)
        XCTAssertEqual(first.shell.written, "")
        // A click on a Host in the Navigator selects it; a second click opens it.
        let row = try XCTUnwrap(screen.firstIndex { $0.hasPrefix("  db-primary") })
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 5, row: row)))
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 5, row: row)))
        await eventually("db-primary connected", showing: screenReport) { services.attempts.map(\.label).last == "db-primary" }
    }

    func testTheNavigatorCanBeHiddenAndShownAndOpensWorkspaces() async throws {
        try await start()
        try await openFromNavigator("web")
        prefixed(.character("w"))  // focus the Navigator
        prefixed(.character("w"))  // hide it
        XCTAssertFalse(screenText.contains("Recent Workspaces"))
        XCTAssertTrue(screen[1].hasPrefix(" 1 web"), screen[1])
        await eventually("the pane now fills the width", showing: screenReport) {
            services.connections[0].shell.sizes.last == TerminalSize(columns: 100, rows: 27)
        }
        prefixed(.character("w"))
        XCTAssertTrue(screenText.contains("Recent Workspaces"), screenText)
        XCTAssertTrue(screen[1].hasPrefix(" F7 new · F6 edit · F8 delete"), screen[1])
    }

    func testRecentWorkspacesListEachNameAndLayoutOnce() async throws {
        let web = WorkbenchFixture.host("web")
        let saved = Workspace(name: "web", pane: .terminal(hostID: web.id))
        let again = Workspace(name: "web", pane: .terminal(hostID: web.id))
        let other = Workspace(name: "other", pane: .terminal(hostID: web.id))
        services = InMemoryWorkbenchServices(hosts: [web], recent: [saved, again, other, saved])
        workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 100, rows: 30))
        await workbench.start()
        XCTAssertEqual(workbench.recent.map(\.name), ["web", "other"])

        // Opened from Recent and kept at quit: still once.
        for _ in 0..<3 { press(.down) }
        press(.enter)
        await eventually("a Recent Workspace connected", showing: screenReport) { services.connections.count == 1 }
        await workbench.shutdown()
        let kept = services.savedWorkspaces?.map(\.name) ?? []
        XCTAssertEqual(kept.sorted(), ["other", "web"])
    }

    func testRecentWorkspacesOfTheLastRunReconnectOnlyWhenOpened() async throws {
        let web = WorkbenchFixture.host("web")
        let db = WorkbenchFixture.host("db-primary")
        var saved = Workspace(name: "prod", pane: .terminal(hostID: web.id))
        saved.split(.horizontal, with: .terminal(hostID: db.id))
        services = InMemoryWorkbenchServices(hosts: [web, db], recent: [saved])
        workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 100, rows: 30))
        await workbench.start()
        XCTAssertTrue(screenText.contains("  prod"), screenText)
        XCTAssertTrue(services.attempts.isEmpty, "nothing reconnects until the person opens it")
        for _ in 0..<3 { press(.down) }  // web, db-primary, Workspace 1, then prod
        press(.enter)
        await eventually("both panes connected", showing: screenReport) { services.connections.count == 2 && services.connections.allSatisfy { $0.openedSize != nil } }
        XCTAssertEqual(Set(services.attempts.map(\.label)), ["web", "db-primary"])
        XCTAssertTrue(screen[0].hasSuffix(" 1 prod"), "in place of the start's lone empty Workspace: \(screen[0])")
        XCTAssertEqual(workbench.workspaces.count, 1)
    }

    func testTheStatusBarShowsTheWorkspaceThePaneThePrefixAndTransfers() async throws {
        try await start()
        try await openFromNavigator("web")
        XCTAssertTrue(screen[29].hasPrefix(" 1:web  pane 1/1 · web"), screen[29])
        XCTAssertTrue(screen[29].hasSuffix("0 transfers  C-\\ ? help"), screen[29])
        workbench.handle(Self.prefix)
        XCTAssertTrue(screen[29].contains(" C-\\ … "), screen[29])
        press(.character("!"))  // unbound after the prefix: dropped, as tmux does
        XCTAssertFalse(screen[29].contains(" C-\\ … "), screen[29])
        XCTAssertEqual(services.connections[0].shell.written, "")
    }

    func testThePrefixTwiceSendsItToThePane() async throws {
        try await start()
        let shell = try await openFromNavigator("web").shell
        prefixed(.character("\\"), .control)
        await eventually("the prefix byte reached the shell", showing: screenReport) { shell.writtenBytes == [0x1C] }
    }

    func testATooSmallTerminalSaysSo() async throws {
        try await start(size: CellSize(columns: 12, rows: 3))
        XCTAssertEqual(screen[0], "termind: the")
    }
}
