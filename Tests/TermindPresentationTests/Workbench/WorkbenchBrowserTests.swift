import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Browser panes in the workbench, over in-memory services and file systems: `C-\ b` beside a
/// terminal at its shell's directory and beside a remote browser on this machine, the browser's
/// own connection and SFTP History, a refused change shown in the pane, and saving both kinds
/// for Recent Workspaces.
@MainActor
final class WorkbenchBrowserTests: WorkbenchTestCase {
    /// Wide enough that a browser beside a terminal shows its columns and a whole failure.
    private let wide = CellSize(columns: 200, rows: 40)

    private func tree() -> MemoryTree {
        MemoryTree(home: "/home/alice", paths: ["/home/alice/src/main.swift", "/home/alice/src/lib/", "/home/alice/notes.txt"])
    }

    func testOpenBrowserBesideATerminalListsItsShellsDirectoryOnTheSameHost() async throws {
        try await start(size: wide)
        let files = tree()
        services.serveFiles(files)
        let connection = try await openFromNavigator("web")
        // The shell says where it is (OSC 7), as bash with vte.sh or zsh do.
        connection.shell.print("\u{1B}]7;file://web/home/alice/src\u{07}$ ")
        await eventually("the pane knows the directory", showing: screenReport) { screenText.contains("/home/alice/src") }

        prefixed(.character("b"))
        await waitForScreen(containing: "web:/home/alice/src")
        await waitForScreen(containing: "main.swift")
        XCTAssertTrue(screenText.contains("lib/"), screenText)
        XCTAssertEqual(services.fileConnections, ["web"], "the browser connects on its own, as an sftp session")
        XCTAssertEqual(workbench.workspace.panes.map(\.kind), [.terminal, .browser])
        XCTAssertEqual(workbench.workspace.focusedPane.kind, .browser)
        // Side by side: the terminal's text on the left, the listing on the right.
        let row = try XCTUnwrap(screen.first { $0.contains("main.swift") })
        XCTAssertGreaterThan(row.range(of: "main.swift")!.lowerBound.utf16Offset(in: row), 60, screenText)
        await eventually("SFTP History has the directory", showing: "\(services.directoryVisits)") {
            services.directoryVisits.map(\.path) == ["/home/alice/src"]
        }

        // From the remote browser: this machine's side beside it.
        prefixed(.character("b"))
        await waitForScreen(containing: "this machine · files")
        XCTAssertEqual(workbench.workspace.panes.map(\.kind), [.terminal, .browser, .localBrowser])
        XCTAssertEqual(services.directoryVisits.count, 1, "this machine's directories are no SFTP History")

        // A copy goes to the transfer queue (these services have none, which it says).
        await waitForScreen(containing: "notes.txt")
        press(.character("c"))
        XCTAssertTrue(screenText.contains("transfers are not available here"), screenText)
        press(.character("e"))
        XCTAssertTrue(screenText.contains("e edits a file; this is not one"), "src/ is a directory: \(screenText)")

        await workbench.shutdown()
        let saved = try XCTUnwrap(services.savedWorkspaces?.first)
        XCTAssertEqual(Workspace(name: "", restoring: saved.templateLayout, existingHostIDs: Set(workbench.hosts.map(\.id))).panes.map(\.kind),
                       [.terminal, .browser, .localBrowser], "both browsers come back from Recent Workspaces")
    }

    func testACopyOnceQueuedClearsTheMarksOfWhatItCopied() async throws {
        services = InMemoryWorkbenchServices(hosts: [WorkbenchFixture.host("web")])
        let store = InMemoryPartialTransferStore()
        services.queue.withLock { $0 = TransferQueue(sites: WorkbenchTransferQueueTests.UnreachableSites(), store: store, listing: store) }
        workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: wide)
        await workbench.start(connecting: nil)
        services.serveFiles(tree())
        _ = try await openFromNavigator("web")
        prefixed(.character("b"))
        await waitForScreen(containing: "notes.txt")
        prefixed(.character("b"))
        await waitForScreen(containing: "this machine · files")
        await eventually("the local side lists", showing: screenReport) { screenText.components(separatedBy: "notes.txt").count == 3 }

        press(.character(" "))
        await waitForScreen(containing: "1 marked")
        press(.character("c"))
        await eventually("the copy was queued", showing: screenReport) { !screenText.contains("1 marked") }
        XCTAssertFalse(screenText.contains("marked"), screenReport)
    }

    func testABrowserWithoutAnOSC7DirectoryStartsAtHomeAndARefusedDeleteShowsTheServersReason() async throws {
        try await start(size: wide)
        let files = tree()
        files.refuseRemoval(of: "/home/alice/notes.txt")
        services.serveFiles(files)
        _ = try await openFromNavigator("web")
        prefixed(.character("b"))
        await waitForScreen(containing: "web:/home/alice ")
        await waitForScreen(containing: "notes.txt")

        press(.down)  // src/, then notes.txt
        press(.character("d"))
        await waitForScreen(containing: "Delete notes.txt? (y/n)")
        press(.character("y"))
        await waitForScreen(containing: "memory:/home/alice/notes.txt: remove failed: Permission denied")
        XCTAssertTrue(files.paths.contains("/home/alice/notes.txt"))

        // Deleting a directory names how many entries go with it, then removes them all.
        press(.up)
        press(.character("d"))
        await waitForScreen(containing: "Delete src and the 2 entries in it? (y/n)")
        press(.character("y"))
        await eventually("src is gone", showing: screenReport) { !files.paths.contains { $0.hasPrefix("/home/alice/src") } }
        await eventually("the listing shows it gone", showing: screenReport) { !screenText.contains("src/") }
    }

    func testABrowserBesideATerminalFollowsItsShellAtOnceUntilFStopsIt() async throws {
        try await start(size: wide)
        services.serveFiles(tree())
        let connection = try await openFromNavigator("web")
        connection.shell.print("\u{1B}]7;file://web/home/alice\u{07}$ ")
        await eventually("the pane knows the directory", showing: screenReport) { screenText.contains("· /home/alice") }
        prefixed(.character("b"))
        await waitForScreen(containing: "notes.txt")
        let browser = try XCTUnwrap(workbench.focusedPane as? BrowserPane)
        XCTAssertTrue(browser.isFollowing, "on from the start beside a terminal")

        // Each OSC 7 moves it, no key pressed.
        connection.shell.print("\u{1B}]7;file://web/home/alice/src\u{07}")
        await eventually("the browser is where the shell went", showing: screenReport) { browser.path == "/home/alice/src" }
        await waitForScreen(containing: "main.swift")

        // f stops it: the shell moves alone.
        press(.character("f"))
        await waitForScreen(containing: "no longer following the shell's directory")
        connection.shell.print("\u{1B}]7;file://web/home/alice/src/lib\u{07}")
        await eventually("the terminal's title shows the new directory", showing: screenReport) { screenText.contains("· /home/alice/src/lib") }
        XCTAssertNil(browser.pending, "no listing asked for")
        XCTAssertEqual(browser.path, "/home/alice/src")

        // f again: at once where the shell is now, without waiting for its next report.
        press(.character("f"))
        await eventually("the browser caught up with the shell", showing: screenReport) { browser.path == "/home/alice/src/lib" }
        await eventually("SFTP History has the followed directory", showing: "\(services.directoryVisits)") {
            services.directoryVisits.last?.path == "/home/alice/src/lib"
        }
    }

    func testARecentWorkspaceReopensItsBrowsersOnTheirHostAndThisMachine() async throws {
        let web = WorkbenchFixture.host("web")
        var saved = Workspace(name: "files", pane: .browser(hostID: web.id))
        saved.split(.horizontal, with: .localBrowser())
        services = InMemoryWorkbenchServices(hosts: [web], recent: [saved])
        services.serveFiles(tree())
        workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: wide)
        await workbench.start()
        workbench.openRecent(0)
        await waitForScreen(containing: "web:/home/alice")
        await waitForScreen(containing: "local:/home/alice")
        XCTAssertEqual(services.fileConnections, ["web"])
        XCTAssertEqual(workbench.workspace.panes.map(\.kind), [.browser, .localBrowser])
    }

    func testOpenBrowserInAnEmptyPaneShowsThisMachine() async throws {
        try await start(hosts: [])
        services.serveFiles(tree())
        prefixed(.character("b"))
        await waitForScreen(containing: "local:/home/alice")
        XCTAssertEqual(workbench.workspace.panes.map(\.kind), [.localBrowser])
        XCTAssertEqual(services.fileConnections, [], "no connection for this machine's files")
    }
}
