import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// A browser's `c` in the workbench, with the transfer queue: three browsers (web, this
/// machine, db) ask which one (the picker names each by pane, Host and path) and the copy goes
/// where the person chose, the status bar naming both ends; two browsers copy at once into the
/// other one and say where; a lone browser says there is nowhere to copy to.
@MainActor
final class WorkbenchCopyTargetTests: WorkbenchTestCase {
    private var sites: WorkbenchTransferQueueTests.UnreachableSites!
    private let web = WorkbenchFixture.host("web")
    private let db = WorkbenchFixture.host("db", hostname: "10.0.0.2")

    /// A Recent Workspace of `panes` reopened, each browser listing `/home/alice`.
    private func open(_ panes: [Pane]) async throws {
        var saved = Workspace(name: "files", pane: panes[0])
        for pane in panes.dropFirst() { saved.split(.horizontal, with: pane) }
        let base = InMemoryWorkbenchServices(hosts: [web, db], recent: [saved])
        base.serveFiles(MemoryTree(home: "/home/alice", paths: ["/home/alice/notes.txt"]))
        services = base
        sites = WorkbenchTransferQueueTests.UnreachableSites()
        let store = InMemoryPartialTransferStore([])
        let queue = TransferQueue(sites: sites, store: store, listing: store)
        workbench = Workbench(services: WorkbenchTransferQueueTests.Services(base: base, queue: queue),
                              keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 200, rows: 40))
        await workbench.start()
        workbench.openRecent(0)
        await eventually("every browser lists its directory", showing: screenReport) {
            workbench.workspace.panes.allSatisfy { (workbench.panes[$0.id] as? BrowserPane)?.listing.count == 1 }
        }
    }

    /// Puts the focus on the browser of `side` and presses `c` (the cursor is on `notes.txt`).
    private func copyFrom(_ side: BrowserSide) throws {
        let pane = try XCTUnwrap(workbench.workspace.panes.first { (workbench.panes[$0.id] as? BrowserPane)?.side == side })
        var shown = workbench.workspace
        shown.focus(pane.id)
        workbench.workspace = shown
        workbench.focus = .panes
        XCTAssertEqual((workbench.focusedPane as? BrowserPane)?.current?.name, "notes.txt", screenReport)
        press(.character("c"))
    }

    func testWithThreeBrowsersCAsksWhichAndCopiesIntoTheChosenOne() async throws {
        try await open([.browser(hostID: web.id), .localBrowser(), .browser(hostID: db.id)])
        try copyFrom(.remote(hostLabel: "web"))

        let picker = try XCTUnwrap(workbench.overlays[CopyTargetPicker.self], "several browsers: it asks\n\(screenText)")
        XCTAssertEqual(picker.targets.map(\.place), ["local:/home/alice", "db:/home/alice"])
        XCTAssertTrue(screenText.contains("Copy to which browser?"), screenText)
        XCTAssertTrue(screenText.contains("pane 2  local:/home/alice"), screenText)
        XCTAssertTrue(screenText.contains("pane 3  db:/home/alice"), screenText)
        XCTAssertTrue(sites.sides.isEmpty, "nothing copied before the person chooses")

        press(.down)
        press(.enter)
        XCTAssertNil(workbench.overlays[CopyTargetPicker.self])
        XCTAssertTrue(screenText.contains("copying notes.txt from web:/home/alice to db:/home/alice"), screenText)
        // The queue took the request for db (its Hosts cannot be reached here, which it says).
        await waitForScreen(containing: "copy to db:/home/alice: ")
        XCTAssertFalse(sites.sides.contains(.local), "\(sites.sides)")
    }

    func testEscInThePickerCopiesNothing() async throws {
        try await open([.browser(hostID: web.id), .localBrowser(), .browser(hostID: db.id)])
        try copyFrom(.local)
        XCTAssertEqual(workbench.overlays[CopyTargetPicker.self]?.targets.map(\.place), ["web:/home/alice", "db:/home/alice"])
        press(.escape)
        XCTAssertNil(workbench.overlays[CopyTargetPicker.self])
        XCTAssertTrue(screenText.contains("nothing copied"), screenText)
        XCTAssertTrue(sites.sides.isEmpty)
    }

    func testWithOneOtherBrowserCCopiesThereAtOnceAndSaysWhere() async throws {
        try await open([.browser(hostID: web.id), .browser(hostID: db.id)])
        try copyFrom(.remote(hostLabel: "web"))
        XCTAssertNil(workbench.overlays[CopyTargetPicker.self], "one other browser: nothing to ask")
        XCTAssertTrue(screenText.contains("copying notes.txt from web:/home/alice to db:/home/alice"), screenText)
        await waitForScreen(containing: "copy to db:/home/alice: ")
    }

    func testWithNoOtherBrowserCSaysThereIsNowhereToCopyTo() async throws {
        try await open([.browser(hostID: web.id)])
        try copyFrom(.remote(hostLabel: "web"))
        XCTAssertNil(workbench.overlays[CopyTargetPicker.self])
        XCTAssertTrue(screenText.contains("copy to where? open a browser beside this one first"), screenText)
    }
}
