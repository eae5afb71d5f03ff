import Foundation
import TermindDomain
import XCTest

final class WorkspaceSplitCloseTests: XCTestCase {
    private let web = UUID()
    private let db = UUID()
    private let area = CellSize(columns: 81, rows: 25)

    func testSplittingGivesTheNewPaneFocusAndHalfTheFocusedPanesSpace() {
        let a = Pane.terminal(hostID: web)
        let b = Pane.browser(hostID: db)
        var workspace = Workspace(name: "ops", pane: a)

        workspace.split(.horizontal, with: b)

        XCTAssertEqual(workspace.root, .split(PaneSplit(axis: .horizontal, fraction: 0.5, first: .pane(a), second: .pane(b))))
        XCTAssertEqual(workspace.focusedPaneID, b.id)
        let layout = workspace.layout(in: area)
        XCTAssertEqual(layout.rect(of: a.id), CellRect(column: 0, row: 0, columns: 40, rows: 25))
        XCTAssertEqual(layout.rect(of: b.id), CellRect(column: 41, row: 0, columns: 40, rows: 25))
        XCTAssertEqual(layout.dividers.map(\.rect), [CellRect(column: 40, row: 0, columns: 1, rows: 25)])
    }

    func testSplittingAgainSplitsOnlyTheFocusedPane() {
        let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.split(.vertical, with: c)

        XCTAssertEqual(
            workspace.root,
            .split(PaneSplit(
                axis: .horizontal, first: .pane(a),
                second: .split(PaneSplit(axis: .vertical, first: .pane(b), second: .pane(c))))))
        let layout = workspace.layout(in: area)
        XCTAssertEqual(layout.rect(of: b.id), CellRect(column: 41, row: 0, columns: 40, rows: 12))
        XCTAssertEqual(layout.rect(of: c.id), CellRect(column: 41, row: 13, columns: 40, rows: 12))
        XCTAssertEqual(workspace.focusedPaneID, c.id)
    }

    func testSplitFractionIsTheFocusedPanesShare() {
        let (a, b) = (Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.vertical, with: b, fraction: 0.75)
        XCTAssertEqual(workspace.layout(in: CellSize(columns: 80, rows: 25)).rect(of: a.id)?.rows, 18)
    }

    func testSplitIsRefusedWhenTheNewPaneWouldBeSmallerThanTheMinimum() {
        let workspace = Workspace(name: "ops", pane: .empty())
        XCTAssertTrue(workspace.canSplit(.horizontal, in: CellSize(columns: 21, rows: 5), minimumPane: CellSize(columns: 10, rows: 1)))
        XCTAssertFalse(workspace.canSplit(.horizontal, in: CellSize(columns: 20, rows: 5), minimumPane: CellSize(columns: 10, rows: 1)))
        XCTAssertTrue(workspace.canSplit(.vertical, in: CellSize(columns: 20, rows: 5), minimumPane: CellSize(columns: 10, rows: 2)))
        XCTAssertFalse(workspace.canSplit(.vertical, in: CellSize(columns: 20, rows: 4), minimumPane: CellSize(columns: 10, rows: 2)))
    }

    func testClosingTheFocusedPaneGivesItsSpaceToItsSibling() throws {
        let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.split(.vertical, with: c)

        let after = try XCTUnwrap(workspace.closingFocusedPane().workspace)

        XCTAssertEqual(after.root, .split(PaneSplit(axis: .horizontal, first: .pane(a), second: .pane(b))))
        XCTAssertEqual(after.focusedPaneID, b.id)
        XCTAssertEqual(after.layout(in: area).rect(of: b.id), CellRect(column: 41, row: 0, columns: 40, rows: 25))
        XCTAssertEqual(workspace.closingFocusedPane().removedPane, c)
    }

    func testClosingFocusesThePaneLastFocusedInTheSpaceItLeaves() throws {
        // a | (b / c); c focused last on the right, then a.
        let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.split(.vertical, with: c)
        workspace.focus(a.id)

        let after = try XCTUnwrap(workspace.closingFocusedPane().workspace)

        XCTAssertEqual(after.focusedPaneID, c.id)
        XCTAssertEqual(after.root, .split(PaneSplit(axis: .vertical, first: .pane(b), second: .pane(c))))
    }

    func testClosingFocusesTheNearestPaneWhenNoneThereWasFocused() throws {
        // (a | b) / (c | d), restored with focus on d: closing d focuses c, its neighbour.
        let (a, b, c, d) = (Pane.empty(), Pane.empty(), Pane.empty(), Pane.empty())
        let top = PaneTree.split(PaneSplit(axis: .horizontal, first: .pane(a), second: .pane(b)))
        let bottom = PaneTree.split(PaneSplit(axis: .horizontal, first: .pane(c), second: .pane(d)))
        let grid = PaneTree.split(PaneSplit(axis: .vertical, first: top, second: bottom))

        let closingD = Workspace(name: "ops", root: grid, focusedPaneID: d.id).closingFocusedPane()
        XCTAssertEqual(closingD.workspace?.focusedPaneID, c.id)

        // Closing the whole bottom row's left pane c focuses d; closing b focuses a.
        XCTAssertEqual(Workspace(name: "ops", root: grid, focusedPaneID: c.id).closingFocusedPane().workspace?.focusedPaneID, d.id)
        XCTAssertEqual(Workspace(name: "ops", root: grid, focusedPaneID: b.id).closingFocusedPane().workspace?.focusedPaneID, a.id)
    }

    func testClosingAPaneThatIsNotFocusedKeepsFocus() throws {
        let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.split(.vertical, with: c)

        let after = try XCTUnwrap(workspace.removingPane(a.id).workspace)

        XCTAssertEqual(after.focusedPaneID, c.id)
        XCTAssertEqual(after.paneCount, 2)
        XCTAssertFalse(after.recentlyFocused.contains(a.id))
    }

    func testClosingTheLastPaneReportsTheWorkspaceEmpty() {
        let a = Pane.terminal(hostID: web)
        XCTAssertEqual(Workspace(name: "ops", pane: a).closingFocusedPane(), .workspaceEmptied(removed: a))
    }

    func testRemovingAPaneTheWorkspaceDoesNotHoldChangesNothing() {
        XCTAssertEqual(Workspace(name: "ops", pane: .empty()).removingPane(PaneID()), .notFound)
    }

    func testFocusNextAndPreviousWalkReadingOrderAndWrap() {
        let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.split(.vertical, with: c)

        workspace.focusNext()
        XCTAssertEqual(workspace.focusedPaneID, a.id)
        workspace.focusNext()
        XCTAssertEqual(workspace.focusedPaneID, b.id)
        workspace.focusPrevious()
        workspace.focusPrevious()
        XCTAssertEqual(workspace.focusedPaneID, c.id)
        XCTAssertEqual(workspace.recentlyFocused, [c.id, a.id, b.id])
    }

    func testReplacingAPaneChangesWhatItShowsButNotItsPlace() {
        let (a, b) = (Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        let chosen = Pane.terminal(hostID: web, id: a.id)

        workspace.replacePane(chosen)

        XCTAssertEqual(workspace.panes, [chosen, b])
        XCTAssertEqual(workspace.focusedPaneID, b.id)
    }

    func testEmptyPaneNeverNamesAHost() {
        XCTAssertNil(Pane(kind: .empty, hostID: web).hostID)
    }
}
