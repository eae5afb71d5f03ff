import Foundation
import TermindDomain
import XCTest

final class WorkspaceMoveTests: XCTestCase {
    private let (a, b, c) = (Pane.terminal(hostID: UUID()), Pane.browser(hostID: UUID()), Pane.empty())

    func testMovingAPaneRemovesItFromOneWorkspaceAndSplitsTheOthersFocusedPane() throws {
        var source = Workspace(name: "web", pane: a)
        source.split(.horizontal, with: b)
        let destination = Workspace(name: "db", pane: c)

        let move = try XCTUnwrap(Workspace.movePane(b.id, from: source, to: destination))

        XCTAssertEqual(move.movedPane, b)
        XCTAssertEqual(move.source?.root, .pane(a))
        XCTAssertEqual(move.source?.focusedPaneID, a.id)
        XCTAssertEqual(move.destination.root, .split(PaneSplit(axis: .horizontal, first: .pane(c), second: .pane(b))))
        XCTAssertEqual(move.destination.focusedPaneID, b.id)
        XCTAssertEqual(move.destination.id, destination.id)
    }

    func testMovingTheLastPaneEmptiesItsWorkspace() throws {
        let move = try XCTUnwrap(
            Workspace.movePane(a.id, from: Workspace(name: "web", pane: a), to: Workspace(name: "db", pane: c), axis: .vertical))
        XCTAssertNil(move.source)
        XCTAssertEqual(move.destination.root, .split(PaneSplit(axis: .vertical, first: .pane(c), second: .pane(a))))
    }

    func testMovingIntoTheSameWorkspaceOrAnUnknownPaneDoesNothing() {
        var workspace = Workspace(name: "web", pane: a)
        workspace.split(.horizontal, with: b)
        XCTAssertNil(Workspace.movePane(a.id, from: workspace, to: workspace))
        XCTAssertNil(Workspace.movePane(c.id, from: workspace, to: Workspace(name: "db", pane: .empty())))
    }
}
