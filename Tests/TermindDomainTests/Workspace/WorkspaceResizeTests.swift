import TermindDomain
import XCTest

final class WorkspaceResizeTests: XCTestCase {
    private let area = CellSize(columns: 81, rows: 25)
    private let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())

    /// a | b, each 40 columns, b focused.
    private var sideBySide: Workspace {
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        return workspace
    }

    private func columns(_ workspace: Workspace, _ pane: Pane, in area: CellSize? = nil) -> Int? {
        workspace.layout(in: area ?? self.area).rect(of: pane.id)?.columns
    }

    func testResizingMovesTheDividerInThatDirectionByCells() {
        var workspace = sideBySide
        XCTAssertTrue(workspace.resizeFocusedPane(.left, by: .cells(5), in: area))
        XCTAssertEqual(columns(workspace, a), 35)
        XCTAssertEqual(columns(workspace, b), 45)

        workspace.focus(a.id)
        XCTAssertTrue(workspace.resizeFocusedPane(.right, by: .cells(7), in: area))
        XCTAssertEqual(columns(workspace, a), 42)
        XCTAssertEqual(columns(workspace, b), 38)
    }

    func testResizingByAFractionMovesByThatShareOfTheSplit() {
        var workspace = sideBySide
        workspace.resizeFocusedPane(.right, by: .fraction(0.1), in: area)
        XCTAssertEqual(columns(workspace, a), 48)
    }

    func testResizingStopsAtTheMinimumPaneSize() {
        var workspace = sideBySide
        XCTAssertTrue(workspace.resizeFocusedPane(.right, by: .cells(100), in: area))
        XCTAssertEqual(columns(workspace, b), 1)
        XCTAssertFalse(workspace.resizeFocusedPane(.right, by: .cells(1), in: area), "already at the minimum")

        var wide = sideBySide
        let minimum = CellSize(columns: 10, rows: 1)
        wide.resizeFocusedPane(.left, by: .cells(100), in: area, minimumPane: minimum)
        XCTAssertEqual(wide.layout(in: area, minimumPane: minimum).rect(of: a.id)?.columns, 10)
    }

    func testResizingMovesTheInnermostDividerOnThatAxis() {
        var workspace = sideBySide
        workspace.split(.vertical, with: c)   // a | (b / c), c focused
        XCTAssertTrue(workspace.resizeFocusedPane(.up, by: .cells(4), in: area))
        XCTAssertEqual(workspace.layout(in: area).rect(of: b.id)?.rows, 8)
        XCTAssertEqual(workspace.layout(in: area).rect(of: c.id)?.rows, 16)

        XCTAssertTrue(workspace.resizeFocusedPane(.left, by: .cells(10), in: area))
        XCTAssertEqual(columns(workspace, a), 30)
        XCTAssertEqual(columns(workspace, c), 50)
    }

    func testResizingWithNoSplitOnThatAxisChangesNothing() {
        var workspace = sideBySide
        let before = workspace
        XCTAssertFalse(workspace.resizeFocusedPane(.up, by: .cells(3), in: area))
        XCTAssertEqual(workspace, before)
        var single = Workspace(name: "ops", pane: a)
        XCTAssertFalse(single.resizeFocusedPane(.left, by: .cells(3), in: area))
    }

    func testAResizedSplitKeepsItsProportionWhenTheTerminalGrows() {
        var workspace = sideBySide
        workspace.resizeFocusedPane(.right, by: .cells(20), in: area)   // a 60 of 80
        XCTAssertEqual(columns(workspace, a), 60)
        XCTAssertEqual(columns(workspace, a, in: CellSize(columns: 161, rows: 25)), 120)
    }

    func testDraggingADividerPutsItWhereTheMouseIs() throws {
        var workspace = sideBySide
        let divider = try XCTUnwrap(workspace.layout(in: area).divider(atColumn: 40, row: 3))
        XCTAssertTrue(workspace.moveDivider(divider, to: 20, in: area))
        XCTAssertEqual(columns(workspace, a), 20)
        XCTAssertEqual(workspace.layout(in: area).dividers.first?.rect.column, 20)
        XCTAssertTrue(workspace.moveDivider(divider, to: 200, in: area))
        XCTAssertEqual(columns(workspace, b), 1, "clamped to the minimum")
    }
}
