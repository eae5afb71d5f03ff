import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// One authentication per Host (docs/behaviour.md §5): panes on a Host that shares are channels
/// on its one connection, each with its own state; `share off` connects each pane on its own;
/// losing the shared connection marks every pane on it lost, and Reconnect on one brings them
/// all back on one new connection.
@MainActor
final class WorkbenchSharedConnectionTests: WorkbenchTestCase {
    private func startSharing(_ shares: Bool = true) async throws {
        try await start(hosts: [WorkbenchFixture.host("web", shares: shares), WorkbenchFixture.host("db", hostname: "10.0.0.2", shares: shares)])
    }

    /// Splits the focused pane `count` times, across and down in turn.
    private func split(_ count: Int) {
        for index in 0..<count { prefixed(.character(index.isMultiple(of: 2) ? "%" : "\"")) }
    }

    /// Terminal panes whose Session was lost with its connection.
    private var lostPanes: Int {
        workbench.panes.values.compactMap { $0 as? TerminalPane }.filter {
            if case .dropped = $0.status { true } else { false }
        }.count
    }

    private var connectedPanes: Int {
        workbench.panes.values.compactMap { $0 as? TerminalPane }.filter {
            if case .connected = $0.status { true } else { false }
        }.count
    }

    private var openShells: Int { services.connections.reduce(0) { $0 + $1.shells.count } }

    func testSplitsOfAPaneOnASharingHostAreChannelsOnItsOneConnection() async throws {
        try await startSharing()
        let connection = try await openFromNavigator("web")
        split(4)
        await eventually("five shells are open", showing: screenReport) { connection.shells.count == 5 }
        XCTAssertEqual(services.attempts.count, 1, "one connection, one authentication, for five panes")
        await eventually("each joining pane's session is in the Connection History", showing: screenReport) {
            services.sharedSessions.count == 4
        }
        XCTAssertEqual(services.connections.count, 1)
        XCTAssertEqual(workbench.workspace.paneCount, 5)

        // Each pane keeps its own state: output of one channel shows in its own pane only.
        connection.shells[2].print("p3x")
        await waitForScreen(containing: "p3x")
        XCTAssertEqual(screenText.components(separatedBy: "p3x").count - 1, 1, screenText)
        type("ls")
        // (The channels opened in whatever order their tasks ran.)
        await eventually("keys go to the focused pane's channel only", showing: screenReport) {
            connection.shells.map(\.written).sorted() == ["", "", "", "", "ls"]
        }
    }

    func testTheSharedConnectionClosesOnlyWithItsLastPane() async throws {
        try await startSharing()
        let connection = try await openFromNavigator("web")
        split(1)
        await eventually("two shells are open", showing: screenReport) { connection.shells.count == 2 }
        prefixed(.character("x"))
        press(.character("y"))
        await eventually("the closed pane's channel closed", showing: screenReport) { connection.shells[1].isClosed }
        XCTAssertFalse(connection.isClosed, "the other pane still uses the connection")
        prefixed(.character("x"))
        press(.character("y"))
        await eventually("the last pane's close closes the connection", showing: screenReport) { connection.isClosed }
    }

    func testShareOffConnectsEveryPaneOnItsOwn() async throws {
        try await startSharing(false)
        try await openFromNavigator("web")
        split(4)
        await eventually("five shells are open", showing: screenReport) { openShells == 5 }
        XCTAssertEqual(services.attempts.count, 5, "each pane authenticates")
        XCTAssertEqual(services.connections.map(\.shells.count), [1, 1, 1, 1, 1])
    }

    func testHostsDoNotShareEachOthersConnections() async throws {
        try await startSharing()
        let web = try await openFromNavigator("web")
        prefixed(.character("f"))  // Quick Open
        type("db")
        press(.enter)
        await eventually("db's shell is open", showing: screenReport) { services.connections.count == 2 && services.connections[1].shells.count == 1 }
        XCTAssertEqual(services.attempts.map(\.label), ["web", "db"])
        XCTAssertEqual(web.shells.count, 1)
    }

    func testPanesOpenedWhileTheConnectionIsBeingMadeWaitForItAndAskOnce() async throws {
        try await startSharing()
        let gate = AsyncStream.makeStream(of: Void.self)
        let made = ScriptedConnection(label: "web")
        services.connect { _, _, _ in
            for await _ in gate.stream { break }
            return made
        }
        type("web")
        press(.enter)
        split(2)
        await eventually("the connection is being made", showing: screenReport) { !self.services.attempts.isEmpty }
        // A pane that asked for a connection of its own is counted here, or at the end.
        XCTAssertEqual(services.attempts.count, 1, "the panes wait for the one connection being made")
        gate.continuation.yield()
        await eventually("three panes are connected", showing: screenReport) { made.shells.count == 3 }
        XCTAssertEqual(workbench.workspace.paneCount, 3)
        XCTAssertEqual(services.attempts.count, 1)
    }

    func testLosingTheSharedConnectionMarksEveryPaneLostAndReconnectBringsThemBackOnOneConnection() async throws {
        try await startSharing()
        let connection = try await openFromNavigator("web")
        split(2)
        // Attached, not only opened: a pane whose shell is still on its way to it holds no lease
        // yet, so it is not told (its own channel would end with the transport's).
        await eventually("three panes are connected", showing: screenReport) { connection.shells.count == 3 && connectedPanes == 3 }
        connection.shells[0].drop()  // the first channel to notice the transport is gone
        await eventually("every pane on the connection is lost", showing: screenReport) { lostPanes == 3 }
        XCTAssertTrue(screen[1].contains("[lost]"), screen[1])

        press(.enter)  // Reconnect in the focused pane
        await eventually("all three panes are back", showing: screenReport) {
            services.connections.count == 2 && services.connections[1].shells.count == 3
        }
        XCTAssertEqual(services.attempts.count, 2, "one new authentication for the three panes")
        XCTAssertEqual(lostPanes, 0)
        XCTAssertTrue(connection.isClosed)
    }

    func testAChannelOnAConnectionThatTurnsOutDeadOpensOnAFreshOne() async throws {
        try await startSharing()
        let connection = try await openFromNavigator("web")
        // The transport died and no channel noticed yet (an idle pane): the next channel fails.
        connection.drop(endingChannels: false)
        prefixed(.character("%"))
        await eventually("the new pane opened on a fresh connection", showing: screenReport) {
            services.connections.count == 2 && services.connections[1].shells.count == 1
        }
        XCTAssertEqual(services.attempts.count, 2)
    }

    func testABrowserBesideATerminalOnASharingHostOpensSFTPOnTheSameConnection() async throws {
        try await startSharing()
        let tree = MemoryTree()
        services.serveFiles(tree)
        let connection = try await openFromNavigator("web")
        prefixed(.character("b"))
        await eventually("the browser's SFTP session is on the terminal's connection", showing: screenReport) {
            connection.fileSystemCount == 1
        }
        XCTAssertEqual(services.fileConnections, [], "no connection of its own")
        await eventually("the browser's session is an sftp entry", showing: screenReport) {
            services.sharedSessions.map(\.forFiles) == [true]
        }
        XCTAssertEqual(services.attempts.count, 1)
    }
}
