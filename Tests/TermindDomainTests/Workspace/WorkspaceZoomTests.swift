import TermindDomain
import XCTest

final class WorkspaceZoomTests: XCTestCase {
    private let area = CellSize(columns: 81, rows: 25)
    private let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())

    /// a | b, b focused and zoomed.
    private var zoomed: Workspace {
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        workspace.toggleZoom()
        return workspace
    }

    func testZoomedPaneAloneFillsTheWorkspace() {
        let workspace = zoomed
        XCTAssertEqual(workspace.zoomedPaneID, b.id)
        let layout = workspace.layout(in: area)
        XCTAssertEqual(layout.frames, [PaneLayout.Frame(paneID: b.id, rect: CellRect(size: area))])
        XCTAssertEqual(layout.dividers, [])
        XCTAssertEqual(workspace.root.layout(in: area).rect(of: a.id)?.columns, 40, "hidden panes keep their tiled size")
    }

    func testZoomTogglesBack() {
        var workspace = zoomed
        workspace.toggleZoom()
        XCTAssertNil(workspace.zoomedPaneID)
        XCTAssertEqual(workspace.layout(in: area).frames.count, 2)
    }

    func testASinglePaneHasNothingToZoomOver() {
        var workspace = Workspace(name: "ops", pane: a)
        workspace.toggleZoom()
        XCTAssertFalse(workspace.isZoomed)
    }

    func testOtherOperationsUnzoomFirst() {
        var split = zoomed
        split.split(.vertical, with: c)
        XCTAssertFalse(split.isZoomed)

        var moved = zoomed
        XCTAssertTrue(moved.focus(.left, in: area))
        XCTAssertFalse(moved.isZoomed)

        var next = zoomed
        next.focusNext()
        XCTAssertFalse(next.isZoomed)

        var resized = zoomed
        resized.resizeFocusedPane(.left, by: .cells(2), in: area)
        XCTAssertFalse(resized.isZoomed)

        var swapped = zoomed
        swapped.swapFocusedPane(.left, in: area)
        XCTAssertFalse(swapped.isZoomed)

        XCTAssertEqual(zoomed.removingPane(a.id).workspace?.isZoomed, false)
    }

    func testFocusingTheZoomedPaneKeepsTheZoom() {
        var workspace = zoomed
        workspace.focus(b.id)
        XCTAssertTrue(workspace.isZoomed)
        workspace.focus(a.id)
        XCTAssertFalse(workspace.isZoomed)
    }
}
