import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Broadcast input: keys and pastes typed into a pane of the set reach every pane of it and no
/// other, mouse reports never fan out, the set is marked on its panes and counted on the status
/// bar, one key ends it, and a pane whose session ends leaves it.
@MainActor
final class WorkbenchBroadcastTests: WorkbenchTestCase {
    /// Three panes on web (1 left; 2 and 3 split on the right), each with its own shell.
    private func threePanes() async throws -> [ScriptedShell] {
        try await start(size: CellSize(columns: 120, rows: 30))
        try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the second shell", showing: screenReport) { services.connections.count == 2 && services.connections[1].openedSize != nil }
        prefixed(.character("\""))
        await eventually("the third shell", showing: screenReport) { services.connections.count == 3 && services.connections[2].openedSize != nil }
        return services.connections.map(\.shell)
    }

    private func focusPane(_ number: Int) {
        let id = workbench.workspace.panes[number - 1].id
        while workbench.workspace.focusedPaneID != id { prefixed(.character("o")) }
    }

    func testTypingIntoAPaneOfTheSetReachesEachOfItAndNotTheOthers() async throws {
        let shells = try await threePanes()
        focusPane(1)
        prefixed(.character("B"))
        focusPane(2)
        prefixed(.character("B"))
        XCTAssertEqual(workbench.broadcastCount, 2)
        type("hostname")
        press(.enter)
        await eventually("both panes of the set got the line", showing: screenReport) {
            shells[0].written == "hostname\r" && shells[1].written == "hostname\r"
        }
        XCTAssertEqual(shells[2].written, "", "the third pane is untouched")

        let screen = screenText
        XCTAssertEqual(screen.components(separatedBy: "[broadcast]").count - 1, 2, screen)
        XCTAssertTrue(screen.contains("broadcast to 2 panes"), screen)

        // Typed into the pane outside the set: that pane alone.
        focusPane(3)
        type("x")
        await eventually("the third pane got its key", showing: screenReport) { shells[2].written == "x" }
        XCTAssertEqual(shells[0].written, "hostname\r")
    }

    func testAPasteArrivesWholeInEachPaneBracketedWhereItsProgramAskedForIt() async throws {
        let shells = try await threePanes()
        shells[1].print("\u{1B}[?2004h")  // pane 2's program asked for bracketed paste
        await eventually("the mode arrived", showing: screenReport) {
            (self.workbench.panes[self.workbench.workspace.panes[1].id] as? TerminalPane)?.surface.bracketsPastes == true
        }
        prefixed(.character("A"))
        XCTAssertEqual(workbench.broadcastCount, 3)
        workbench.handle(.paste(Array("one\ntwo".utf8)))
        await eventually("each pane got the paste", showing: screenReport) {
            shells[0].written == "one\rtwo" && shells[1].written == "\u{1B}[200~one\rtwo\u{1B}[201~" && shells[2].written == "one\rtwo"
        }
    }

    func testMouseReportsNeverFanOut() async throws {
        let shells = try await threePanes()
        for shell in shells { shell.print("\u{1B}[?1000h\u{1B}[?1006h") }
        await eventually("the mouse modes arrived", showing: screenReport) {
            self.workbench.workspace.panes.allSatisfy { (self.workbench.panes[$0.id] as? TerminalPane)?.surface.mouseMode == .click }
        }
        prefixed(.character("A"))
        focusPane(1)
        // A click in pane 1's content (right of the Navigator, below the pane's title line).
        workbench.handle(.mouse(MouseEvent(kind: .press(.left), column: 40, row: 5)))
        await eventually("pane 1 got the click", showing: screenReport) { shells[0].written.contains("\u{1B}[<0;") }
        let othersUntouched = await holdsThroughout(.milliseconds(100)) { shells[1].written.isEmpty && shells[2].written.isEmpty }
        XCTAssertTrue(othersUntouched, "\(shells[1].written) \(shells[2].written)")
    }

    func testOneKeyEndsTheBroadcastAndAPaneWhoseSessionEndsLeavesIt() async throws {
        let shells = try await threePanes()
        prefixed(.character("A"))
        XCTAssertEqual(workbench.broadcastCount, 3)
        shells[2].exit(0)
        await eventually("the ended pane left the set", showing: screenReport) { self.workbench.broadcastCount == 2 }
        XCTAssertEqual(screenText.components(separatedBy: "[broadcast]").count - 1, 2, screenText)
        prefixed(.character("A"))
        XCTAssertEqual(workbench.broadcastCount, 0)
        XCTAssertFalse(screenText.contains("[broadcast]"), screenText)
        focusPane(1)
        type("z")
        await eventually("only the focused pane", showing: screenReport) { shells[0].written == "z" }
        XCTAssertEqual(shells[1].written, "")
    }

    func testOnlyAConnectedTerminalPaneJoins() async throws {
        try await start()
        press(.tab)  // the empty pane
        prefixed(.character("B"))
        XCTAssertEqual(workbench.broadcastCount, 0)
        XCTAssertTrue(screenText.contains("only a connected terminal pane can join a broadcast"), screenText)
    }

    func testTheBroadcastOfATagIsEveryConnectedPaneOnAHostWithIt() async throws {
        var web = WorkbenchFixture.host("web"), db = WorkbenchFixture.host("db", hostname: "10.0.0.2")
        web.tags = ["prod"]
        db.tags = ["prod"]
        try await start(hosts: [web, db, WorkbenchFixture.host("lab", hostname: "10.0.0.3")], size: CellSize(columns: 150, rows: 40))
        try await openFromNavigator("web")
        for label in ["db", "lab"] {
            let before = services.connections.count
            prefixed(.character("f"))
            type(label)
            press(.enter)
            await eventually("\(label) connected", showing: screenReport) {
                services.connections.count == before + 1 && services.connections.last?.openedSize != nil
            }
        }
        let shells = services.connections.map(\.shell)
        prefixed(.character("T"))
        await waitForScreen(containing: "Broadcast to the panes of a tag")
        XCTAssertTrue(screenText.contains("tags: prod"), screenText)
        type("nope")
        press(.enter)
        await waitForScreen(containing: "no Host has the tag nope")
        press(.character("u"), .control)
        type("prod")
        press(.enter)
        XCTAssertEqual(workbench.broadcastCount, 2)
        focusPane(1)
        type("uptime")
        await eventually("the prod panes got it", showing: screenReport) { shells[0].written == "uptime" && shells[1].written == "uptime" }
        XCTAssertEqual(shells[2].written, "", "lab has no such tag")
    }
}
