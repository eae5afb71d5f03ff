import TermindDomain
import XCTest

final class WorkspaceDirectionTests: XCTestCase {
    private let area = CellSize(columns: 81, rows: 25)
    private let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())

    /// a | (b / c), built by splitting: c has focus, b was focused before it.
    private var workspace: Workspace {
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.split(.vertical, with: c)
        return workspace
    }

    func testFocusMovesToTheAdjacentPaneInThatDirection() {
        var workspace = self.workspace
        XCTAssertTrue(workspace.focus(.up, in: area))
        XCTAssertEqual(workspace.focusedPaneID, b.id)
        XCTAssertTrue(workspace.focus(.down, in: area))
        XCTAssertEqual(workspace.focusedPaneID, c.id)
        XCTAssertTrue(workspace.focus(.left, in: area))
        XCTAssertEqual(workspace.focusedPaneID, a.id)
    }

    func testFocusGoingBackReturnsToThePaneFocusedMostRecently() {
        var workspace = self.workspace
        workspace.focus(.left, in: area)
        workspace.focus(.right, in: area)
        XCTAssertEqual(workspace.focusedPaneID, c.id)

        workspace.focus(.up, in: area)
        workspace.focus(.left, in: area)
        workspace.focus(.right, in: area)
        XCTAssertEqual(workspace.focusedPaneID, b.id)
    }

    func testFocusPrefersThePaneOverlappingMostWhenNoneWasFocused() {
        // a | (b / c) with b a quarter high; restored, so only a has ever had focus.
        let tree = PaneTree.split(PaneSplit(
            axis: .horizontal, first: .pane(a),
            second: .split(PaneSplit(axis: .vertical, fraction: 0.25, first: .pane(b), second: .pane(c)))))
        var workspace = Workspace(name: "ops", root: tree, focusedPaneID: a.id)
        workspace.focus(.right, in: area)
        XCTAssertEqual(workspace.focusedPaneID, c.id)

        let even = PaneTree.split(PaneSplit(
            axis: .horizontal, first: .pane(a),
            second: .split(PaneSplit(axis: .vertical, first: .pane(b), second: .pane(c)))))
        var tie = Workspace(name: "ops", root: even, focusedPaneID: a.id)
        tie.focus(.right, in: area)
        XCTAssertEqual(tie.focusedPaneID, b.id, "equal overlap: the top one")
    }

    func testFocusOnlyConsidersPanesThatOverlapAcrossTheDivider() {
        // (a | b) / (c | d) with the bottom divider further right: from b, down is d only.
        let d = Pane.empty()
        let top = PaneTree.split(PaneSplit(axis: .horizontal, fraction: 0.3, first: .pane(a), second: .pane(b)))
        let bottom = PaneTree.split(PaneSplit(axis: .horizontal, fraction: 0.7, first: .pane(c), second: .pane(d)))
        var workspace = Workspace(name: "ops", root: .split(PaneSplit(axis: .vertical, first: top, second: bottom)), focusedPaneID: a.id)
        XCTAssertEqual(workspace.neighbour(of: a.id, .down, in: area), c.id)
        XCTAssertEqual(workspace.neighbour(of: d.id, .up, in: area), b.id)
        XCTAssertEqual(workspace.neighbour(of: b.id, .down, in: area), c.id, "c and d both touch b; c overlaps it more")
        workspace.focus(d.id)
        workspace.focus(b.id)
        XCTAssertEqual(workspace.neighbour(of: b.id, .down, in: area), d.id, "d was focused more recently than c")
    }

    func testFocusWithNoPaneInThatDirectionChangesNothing() {
        var workspace = self.workspace
        let before = workspace
        XCTAssertFalse(workspace.focus(.right, in: area))
        XCTAssertFalse(workspace.focus(.down, in: area))
        XCTAssertEqual(workspace, before)
    }

    func testFocusWrapsRoundTheEdgeWhenAsked() {
        var workspace = self.workspace
        XCTAssertTrue(workspace.focus(.right, in: area, wrapping: true))
        XCTAssertEqual(workspace.focusedPaneID, a.id)
        XCTAssertTrue(workspace.focus(.left, in: area, wrapping: true))
        XCTAssertEqual(workspace.focusedPaneID, c.id, "back to the pane focused last on the right")
    }

    func testSwappingMovesTheFocusedPaneAndFocusFollowsIt() throws {
        var workspace = self.workspace
        XCTAssertTrue(workspace.swapFocusedPane(.left, in: area))

        XCTAssertEqual(workspace.panes.map(\.id), [c.id, b.id, a.id])
        XCTAssertEqual(workspace.focusedPaneID, c.id)
        let layout = workspace.layout(in: area)
        XCTAssertEqual(layout.rect(of: c.id), CellRect(column: 0, row: 0, columns: 40, rows: 25))
        XCTAssertEqual(layout.rect(of: a.id), CellRect(column: 41, row: 13, columns: 40, rows: 12))
    }

    func testSwappingWithNoNeighbourChangesNothing() {
        var workspace = self.workspace
        let before = workspace
        XCTAssertFalse(workspace.swapFocusedPane(.right, in: area))
        XCTAssertEqual(workspace, before)
    }
}
