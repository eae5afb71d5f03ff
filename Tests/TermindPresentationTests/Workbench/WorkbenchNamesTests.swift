import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Names in the workbench: `C-\ ,` renames the shown Workspace (its tab), `C-\ P` the focused
/// pane (its title line and the status bar), the current name selected so typing replaces it;
/// an empty name gives back the automatic one; Templates and Recent Workspaces keep both.
@MainActor
final class WorkbenchNamesTests: WorkbenchTestCase {
    func testRenamingTheWorkspaceShowsInItsTabAndAnEmptyNameGivesBackItsHostsLabel() async throws {
        try await start()
        try await openFromNavigator("web")
        XCTAssertEqual(screen[0], " 1 web")

        prefixed(.character(","))
        await waitForScreen(containing: "Rename this Workspace")
        XCTAssertTrue(screenText.contains("empty: back to web"), screenReport)
        type("deploy")  // replaces the selected "web"
        press(.enter)
        XCTAssertEqual(workbench.workspace.name, "deploy")
        XCTAssertEqual(screen[0], " 1 deploy")
        XCTAssertTrue(screen[29].hasPrefix(" 1:deploy "), screen[29])
        XCTAssertFalse(screenText.contains("Rename this Workspace"))

        prefixed(.character(","))
        press(.backspace)  // erases the whole selected name
        press(.enter)
        XCTAssertEqual(workbench.workspace.name, "web")
        XCTAssertEqual(screen[0], " 1 web")
    }

    func testRenamingThePaneShowsInItsTitleAndTheStatusBarAndAnEmptyNameGivesBackItsHost() async throws {
        try await start()
        try await openFromNavigator("web")
        XCTAssertTrue(firstTitle.hasPrefix(" 1 web"), firstTitle)

        prefixed(.character("P"))
        await waitForScreen(containing: "Rename this pane")
        type("logs")
        press(.enter)
        XCTAssertEqual(workbench.workspace.focusedPane.name, "logs")
        XCTAssertTrue(firstTitle.hasPrefix(" 1 logs"), "the Host's label gave way to the name\n\(screenReport)")
        XCTAssertTrue(screen[29].contains("pane 1/1 · logs · web"), screen[29])
        XCTAssertEqual(workbench.workspace.name, "web", "the Workspace keeps its own name")

        prefixed(.character("P"))
        press(.character("u"), .control)
        press(.enter)
        XCTAssertNil(workbench.workspace.focusedPane.name)
        XCTAssertTrue(firstTitle.hasPrefix(" 1 web"), screenReport)
    }

    func testEscapeLeavesTheNameAndAnArrowKeepsTheNameToAddTo() async throws {
        try await start()
        try await openFromNavigator("web")
        prefixed(.character(","))
        type("gone")
        press(.escape)
        XCTAssertEqual(workbench.workspace.name, "web")
        XCTAssertNil(workbench.namePrompt)

        prefixed(.character(","))
        press(.end)
        type("-2")
        press(.enter)
        XCTAssertEqual(workbench.workspace.name, "web-2")
    }

    func testTheSaveTemplatePromptsNameIsReplacedByTyping() async throws {
        try await start()
        try await openFromNavigator("web")
        prefixed(.character("S"))
        await waitForScreen(containing: "Save this Workspace as a Template")
        type("lab4")
        XCTAssertEqual(workbench.namePrompt?.name, "lab4", "not srvlab4: typing replaces the prefilled name")
    }

    func testNamesAreSavedInATemplateAndComeBackWhenItOpens() async throws {
        let web = WorkbenchFixture.host("web")
        services = InMemoryWorkbenchServices(hosts: [web])
        let templates = WorkbenchTemplateTests.TemplateServices(base: services)
        workbench = Workbench(services: templates, keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 100, rows: 30))
        await workbench.start()
        try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the split connected", showing: screenReport) { services.connections.count == 2 }
        prefixed(.character("P"))
        type("logs")
        press(.enter)
        prefixed(.character(","))
        type("deploy")
        press(.enter)

        prefixed(.character("S"))
        await waitForScreen(containing: "Save this Workspace as a Template")
        XCTAssertEqual(workbench.namePrompt?.name, "deploy", "the prompt offers the Workspace's name")
        press(.enter)
        await waitForScreen(containing: "saved Template deploy (2 panes)")
        let saved = try XCTUnwrap(templates.saved.last)
        XCTAssertEqual(saved.layout.panes.map(\.name), [nil, "logs"])

        workbench.openTemplate(saved)
        await eventually("the Template's panes connected", showing: screenReport) { services.connections.count == 4 }
        XCTAssertEqual(workbench.workspaces.count, 2)
        XCTAssertEqual(workbench.workspace.name, "deploy")
        XCTAssertEqual(workbench.workspace.panes.map(\.name), [nil, "logs"])
        XCTAssertTrue(screen[1].contains("│ 2 logs"), screenReport)
    }

    func testNamesAreKeptInTheRecentWorkspacesAcrossARestart() async throws {
        let web = WorkbenchFixture.host("web")
        try await start(hosts: [web])
        try await openFromNavigator("web")
        prefixed(.character("P"))
        type("logs")
        press(.enter)
        prefixed(.character(","))
        type("deploy")
        press(.enter)
        await workbench.shutdown()
        // As RecentWorkspacesFile writes and reads them.
        let file = try JSONEncoder().encode(try XCTUnwrap(services.savedWorkspaces))
        let recent = try JSONDecoder().decode([Workspace].self, from: file)

        try await start(hosts: [web], recent: recent)
        XCTAssertTrue(screenText.contains("deploy"), "the Navigator lists the Recent Workspace by its name\n\(screenReport)")
        workbench.openRecent(0)
        await eventually("the Recent Workspace's pane connected", showing: screenReport) { services.connections.count == 1 }
        XCTAssertEqual(workbench.workspace.name, "deploy")
        XCTAssertEqual(workbench.workspace.focusedPane.name, "logs")
        XCTAssertEqual(screen[0], " 1 deploy")
        XCTAssertTrue(firstTitle.hasPrefix(" 1 logs"), screenReport)
    }

    func testANamedEmptyPaneKeepsItsNameWhenItOpensAHost() async throws {
        try await start()
        press(.tab)  // from the Navigator to the empty pane
        prefixed(.character("P"))
        XCTAssertEqual(workbench.namePrompt?.name, "", "an empty pane has no name to offer")
        type("db")
        press(.enter)
        XCTAssertTrue(firstTitle.hasPrefix(" 1 db"), screenReport)
        prefixed(.character("f"))
        type("web")
        press(.enter)
        await eventually("web connected in the pane", showing: screenReport) { services.connections.first?.openedSize != nil }
        XCTAssertEqual(workbench.workspace.focusedPane.name, "db")
        XCTAssertEqual(workbench.workspace.name, "web")
    }

    /// The first pane's title line: the second row, right of the Navigator when it shows.
    private var firstTitle: String {
        let row = screen[1]
        guard let divider = row.firstIndex(of: "│") else { return row }
        return String(row[row.index(after: divider)...])
    }
}
