import Foundation
import TermindDomain
import XCTest

/// Names the person gives a Workspace and a pane: kept trimmed, a blank one gives back the
/// automatic name, and both survive a Template and a Recent Workspace (old files load).
final class WorkspaceNamesTests: XCTestCase {
    private let web = UUID()

    func testAWorkspaceTakesTheTrimmedNameAndABlankOneGivesBackTheAutomaticName() {
        var workspace = Workspace(name: "web", pane: .terminal(hostID: web))
        workspace.rename(to: "  deploy  ", automatic: "web")
        XCTAssertEqual(workspace.name, "deploy")
        workspace.rename(to: "   ", automatic: "web")
        XCTAssertEqual(workspace.name, "web")
    }

    func testAPaneNamedBlankOrItsAutomaticNameHasNoNameOfItsOwn() {
        let pane = Pane.terminal(hostID: web)
        var workspace = Workspace(name: "web", pane: pane)
        workspace.renamePane(pane.id, to: "logs", automatic: "web")
        XCTAssertEqual(workspace.pane(pane.id)?.name, "logs")
        workspace.renamePane(pane.id, to: "", automatic: "web")
        XCTAssertNil(workspace.pane(pane.id)?.name)
        workspace.renamePane(pane.id, to: "web", automatic: "web")
        XCTAssertNil(workspace.pane(pane.id)?.name, "its Host's label is its automatic name, not one of its own")
    }

    func testControlCharactersAndLineBreaksAreDroppedFromAName() {
        XCTAssertEqual(Workspace.givenName("a\u{1B}[31mb\nc\u{2028}d\u{9B}"), "a[31mbcd")
        XCTAssertNil(Workspace.givenName("\u{07}\t "))
        XCTAssertEqual(Workspace.givenName("🧑‍💻 café"), "🧑‍💻 café", "joiners and accents stay")
    }

    func testPaneNamesAreSavedInTheTemplateLayoutAndComeBackWithFreshIDs() throws {
        let (left, right) = (Pane.terminal(hostID: web), Pane.localBrowser())
        var workspace = Workspace(name: "ops", pane: left)
        workspace.split(.horizontal, with: right)
        workspace.renamePane(left.id, to: "logs", automatic: "web")
        workspace.renamePane(right.id, to: "downloads", automatic: "local")

        let stored = try JSONDecoder().decode(TemplateLayout.self, from: JSONEncoder().encode(workspace.templateLayout))
        let restored = Workspace(name: "ops", restoring: stored, existingHostIDs: [web])

        XCTAssertEqual(restored.panes.map(\.name), ["logs", "downloads"])
        XCTAssertEqual(restored.panes.map(\.kind), [.terminal, .localBrowser])
        XCTAssertTrue(Set(restored.panes.map(\.id)).isDisjoint(with: [left.id, right.id]))
    }

    func testAPaneWhoseHostIsGoneRestoresEmptyWithItsName() {
        let layout = TemplateLayout.pane(kind: .terminal, hostID: UUID(), name: "db")
        let restored = Workspace(name: "ops", restoring: layout, existingHostIDs: [web])
        XCTAssertEqual(restored.panes.map(\.kind), [.empty])
        XCTAssertEqual(restored.panes.map(\.name), ["db"])
        XCTAssertEqual(TemplateLayout.pane(kind: .browser, hostID: web, name: "db").emptying(hostID: web), .pane(kind: .empty, hostID: nil, name: "db"))
    }

    func testALayoutAndARecentWorkspaceSavedBeforeNamesDecodeWithoutNames() throws {
        // As the Vault's templates.layout held them before names (Tests/Fixtures/vault-v1.db).
        let layout = #"{"split":{"axis":"horizontal","first":{"pane":{"hostID":"40570000-0000-4000-8000-000000000002","kind":"terminal"}},"fraction":0.5,"second":{"pane":{"kind":"empty"}}}}"#
        let decoded = try JSONDecoder().decode(TemplateLayout.self, from: Data(layout.utf8))
        XCTAssertEqual(decoded.panes.map(\.name), [nil, nil])
        XCTAssertEqual(decoded.panes.map(\.kind), [.terminal, .empty])

        // As workspaces.json held them (Tests/Fuzz/recent-workspaces/two-workspaces.json).
        let recent = #"{"id":"64B86248-ECE2-4476-89A2-E89845930A0A","name":"ops","root":{"pane":{"_0":{"hostID":"7CB5B83E-9B00-4B31-83CF-A266CE61108A","id":"5A6DE9C4-4DB7-4861-94C8-928C823A536B","kind":"terminal"}}}}"#
        let workspace = try JSONDecoder().decode(Workspace.self, from: Data(recent.utf8))
        XCTAssertEqual(workspace.name, "ops")
        XCTAssertEqual(workspace.panes.map(\.name), [nil])
    }

    func testANamedPaneSurvivesTheRecentWorkspacesFile() throws {
        let pane = Pane.terminal(hostID: web)
        var workspace = Workspace(name: "web", pane: pane)
        workspace.rename(to: "deploy", automatic: "web")
        workspace.renamePane(pane.id, to: "logs", automatic: "web")
        let decoded = try JSONDecoder().decode(Workspace.self, from: JSONEncoder().encode(workspace))
        XCTAssertEqual(decoded, workspace)
        XCTAssertEqual(decoded.name, "deploy")
        XCTAssertEqual(decoded.focusedPane.name, "logs")
    }
}
