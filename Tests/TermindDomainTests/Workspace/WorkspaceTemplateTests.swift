import Foundation
import TermindDomain
import XCTest

final class WorkspaceTemplateTests: XCTestCase {
    private let web = UUID()
    private let db = UUID()

    /// web terminal | (db browser / empty), the divider moved off centre.
    private func workspace() -> Workspace {
        var workspace = Workspace(name: "ops", pane: .terminal(hostID: web))
        workspace.split(.horizontal, with: .browser(hostID: db), fraction: 0.3)
        workspace.split(.vertical, with: .empty(), fraction: 0.6)
        return workspace
    }

    private let saved = TemplateLayout.split(
        axis: .horizontal, fraction: 0.3,
        first: .pane(kind: .terminal, hostID: nil),
        second: .split(
            axis: .vertical, fraction: 0.6,
            first: .pane(kind: .browser, hostID: nil),
            second: .pane(kind: .empty, hostID: nil)))

    func testSavingKeepsTheTreeFractionsKindsAndHosts() {
        XCTAssertEqual(
            workspace().templateLayout,
            .split(
                axis: .horizontal, fraction: 0.3,
                first: .pane(kind: .terminal, hostID: web),
                second: .split(
                    axis: .vertical, fraction: 0.6,
                    first: .pane(kind: .browser, hostID: db),
                    second: .pane(kind: .empty, hostID: nil))))
    }

    func testATemplateCreatedFromAWorkspaceRestoresTheSameLayoutWithFreshPaneIDs() throws {
        let original = workspace()
        let template = Template(label: try Label("ops"), workspace: original)

        let restored = Workspace(restoring: template, existingHostIDs: [web, db])

        XCTAssertEqual(restored.name, "ops")

        XCTAssertEqual(restored.templateLayout, original.templateLayout)
        XCTAssertEqual(restored.panes.map(\.kind), [.terminal, .browser, .empty])
        XCTAssertEqual(restored.panes.map(\.hostID), [web, db, nil])
        XCTAssertTrue(Set(restored.panes.map(\.id)).isDisjoint(with: original.panes.map(\.id)))
        XCTAssertEqual(restored.focusedPaneID, restored.panes[0].id)
        let area = CellSize(columns: 120, rows: 40)
        XCTAssertEqual(
            restored.layout(in: area).frames.map(\.rect), original.layout(in: area).frames.map(\.rect))
    }

    func testAHostThatNoLongerExistsRestoresAsAnEmptyPaneAndTheLayoutKeepsItsShape() {
        let restored = Workspace(name: "ops", restoring: workspace().templateLayout, existingHostIDs: [db])

        XCTAssertEqual(restored.paneCount, 3)
        XCTAssertEqual(restored.panes.map(\.kind), [.empty, .browser, .empty])
        XCTAssertEqual(restored.templateLayout, workspace().templateLayout.emptying(hostID: web))
    }

    func testAPaneWithoutAVaultHostRestoresAsAnEmptyPane() {
        let restored = Workspace(name: "ops", restoring: saved, existingHostIDs: [web, db])
        XCTAssertEqual(restored.panes.map(\.kind), [.empty, .empty, .empty])
        XCTAssertEqual(restored.paneCount, 3)
    }

    func testABrowserOfThisMachineNamesNoHostAndRestoresAsItself() throws {
        var original = Workspace(name: "files", pane: .browser(hostID: web))
        original.split(.horizontal, with: Pane(kind: .localBrowser, hostID: db))
        XCTAssertEqual(original.panes.map(\.hostID), [web, nil], "a local browser never names a Host")
        let json = try JSONEncoder().encode(original.templateLayout)
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains("\"local-browser\""))
        let restored = Workspace(name: "files", restoring: try JSONDecoder().decode(TemplateLayout.self, from: json), existingHostIDs: [web])
        XCTAssertEqual(restored.panes.map(\.kind), [.browser, .localBrowser])
        XCTAssertEqual(restored.panes.map(\.hostID), [web, nil])
    }

    func testANonsenseFractionInASavedLayoutRestoresAsAnEvenSplit() throws {
        let layout = TemplateLayout.split(
            axis: .vertical, fraction: .nan, first: .pane(kind: .empty, hostID: nil), second: .pane(kind: .empty, hostID: nil))
        let restored = Workspace(name: "ops", restoring: layout, existingHostIDs: [])
        guard case .split(let split) = restored.root else { return XCTFail("expected a split") }
        XCTAssertEqual(split.fraction, 0.5)
    }
}
