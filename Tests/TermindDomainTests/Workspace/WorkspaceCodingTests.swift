import Foundation
import TermindDomain
import XCTest

final class WorkspaceCodingTests: XCTestCase {
    func testSurvivesAJSONRoundTripWithFocusZoomAndHistory() throws {
        let (a, b, c) = (Pane.terminal(hostID: UUID()), Pane.browser(hostID: UUID()), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b, fraction: 0.25)
        workspace.split(.vertical, with: c)
        workspace.focus(a.id)
        workspace.toggleZoom()

        let decoded = try JSONDecoder().decode(Workspace.self, from: JSONEncoder().encode(workspace))

        XCTAssertEqual(decoded, workspace)
    }

    func testDecodingAFocusOnAPaneThatIsGoneFocusesTheFirstPane() throws {
        let (a, b) = (Pane.empty(), Pane.empty())
        var workspace = Workspace(name: "ops", pane: a)
        workspace.split(.horizontal, with: b)
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(workspace)) as? [String: Any])
        json["focusedPaneID"] = UUID().uuidString
        json["zoomedPaneID"] = UUID().uuidString

        let decoded = try JSONDecoder().decode(Workspace.self, from: JSONSerialization.data(withJSONObject: json))

        XCTAssertEqual(decoded.focusedPaneID, a.id)
        XCTAssertNil(decoded.zoomedPaneID)
        XCTAssertEqual(decoded.recentlyFocused.first, a.id)
    }

    func testDecodingRefusesDuplicatePaneIDs() throws {
        let a = Pane.empty()
        let tree = PaneTree.split(PaneSplit(axis: .horizontal, first: .pane(a), second: .pane(a)))
        let json: [String: Any] = [
            "id": UUID().uuidString, "name": "ops",
            "root": try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(tree))),
        ]
        XCTAssertThrowsError(try JSONDecoder().decode(Workspace.self, from: JSONSerialization.data(withJSONObject: json)))
    }
}
