import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Templates in the workbench: `C-\ S` saves the shown Workspace's layout under a name (a taken
/// name is refused in the prompt, nothing lost), Quick Open lists the Vault's Templates and opens
/// one with each pane on its Host, a pane whose Host is gone opening empty.
@MainActor
final class WorkbenchTemplateTests: WorkbenchTestCase {
    /// In-memory services that keep the Templates saved.
    final class TemplateServices: WorkbenchServices, @unchecked Sendable {
        let base: InMemoryWorkbenchServices
        var saved: [Template]

        init(base: InMemoryWorkbenchServices, saved: [Template] = []) {
            self.base = base
            self.saved = saved
        }

        func templates() async throws -> [Template] { saved }
        func saveTemplate(_ label: String, layout: TemplateLayout) async throws -> Template {
            guard !saved.contains(where: { $0.label.rawValue == label }) else {
                throw VaultRuleViolation.duplicateLabel(kind: .template, label: label)
            }
            let template = Template(label: try Label(label), layout: layout)
            saved.append(template)
            return template
        }
        func hosts() async throws -> [Host] { try await base.hosts() }
        func connect(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
            try await base.connect(hostLabel: hostLabel, interactions: interactions, generation: generation)
        }
        func recentWorkspaces() async -> [Workspace] { await base.recentWorkspaces() }
        func saveRecentWorkspaces(_ workspaces: [Workspace]) async { await base.saveRecentWorkspaces(workspaces) }
        var activeTransferCount: Int { 0 }
        func importPreview() async throws -> ImportPreview { try await base.importPreview() }
        func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport {
            try await base.commitImport(selection, of: preview)
        }
        func connectForFiles(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
            try await base.connectForFiles(hostLabel: hostLabel, interactions: interactions, generation: generation)
        }
        func localFileSystem() -> any FileSystem { base.localFileSystem() }
        func recordDirectoryVisit(hostLabel: String, path: String) async {}
        func recordCommand(_ entry: CommandHistoryEntry) async throws {}
        func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry] { [] }
    }

    private var templateServices: TemplateServices!

    private func startWithTemplates(_ saved: [Template] = [], hosts: [Host]) async throws {
        services = InMemoryWorkbenchServices(hosts: hosts)
        templateServices = TemplateServices(base: services, saved: saved)
        workbench = Workbench(services: templateServices, keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 120, rows: 30))
        await workbench.start()
    }

    func testSavingKeepsEachPanesKindHostAndDividerAndATakenNameIsRefusedInThePrompt() async throws {
        let web = WorkbenchFixture.host("web"), db = WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")
        try await startWithTemplates([Template(label: try Label("taken"), layout: .pane(kind: .empty, hostID: nil))], hosts: [web, db])
        try await openFromNavigator("web")
        prefixed(.character("%"))
        await eventually("the split connected", showing: screenReport) { services.connections.count == 2 }
        prefixed(.character("S"))
        await waitForScreen(containing: "Save this Workspace as a Template (2 panes)")
        press(.character("u"), .control)
        type("taken")
        press(.enter)
        await waitForScreen(containing: "not saved: a Template labelled 'taken' already exists")
        press(.character("u"), .control)
        type("pair")
        press(.enter)
        await waitForScreen(containing: "saved Template pair (2 panes)")
        let saved = try XCTUnwrap(templateServices.saved.last)
        XCTAssertEqual(saved.label.rawValue, "pair")
        guard case .split(let axis, let fraction, .pane(.terminal, web.id, nil), .pane(.terminal, web.id, nil)) = saved.layout else {
            return XCTFail("layout: \(saved.layout)")
        }
        XCTAssertEqual(axis, .horizontal)
        XCTAssertEqual(fraction, 0.5, accuracy: 0.01)
    }

    func testThePrefilledNameIsSelectedSoTypingReplacesItAndEndKeepsItToEdit() async throws {
        try await startWithTemplates([], hosts: [WorkbenchFixture.host("srv")])
        try await openFromNavigator("srv")
        prefixed(.character("S"))
        await waitForScreen(containing: "Save this Workspace as a Template")
        XCTAssertTrue(screenText.contains("srv"), "prefilled with the Workspace's name: \(screenReport)")
        type("lab4")
        press(.enter)
        await waitForScreen(containing: "saved Template lab4")
        XCTAssertEqual(templateServices.saved.last?.label.rawValue, "lab4", "not srvlab4")

        prefixed(.character("S"))
        await waitForScreen(containing: "Save this Workspace as a Template")
        press(.end)
        type("2")
        press(.enter)
        await waitForScreen(containing: "saved Template srv2")
        XCTAssertEqual(templateServices.saved.last?.label.rawValue, "srv2", "End keeps the name to edit")
    }

    func testQuickOpenOpensATemplateAndAPaneWhoseHostIsGoneOpensEmpty() async throws {
        let web = WorkbenchFixture.host("web")
        let layout = TemplateLayout.split(
            axis: .horizontal, fraction: 0.5, first: .pane(kind: .terminal, hostID: web.id), second: .pane(kind: .terminal, hostID: UUID()))
        try await startWithTemplates([Template(label: try Label("ops"), layout: layout)], hosts: [web])
        prefixed(.character("f"))
        type("ops")
        await waitForScreen(containing: "Template")
        press(.enter)
        await eventually("the Template's Host connected", showing: screenReport) { services.connections.count == 1 }
        XCTAssertEqual(services.attempts.map(\.label), ["web"])
        XCTAssertEqual(workbench.workspace.name, "ops")
        XCTAssertEqual(workbench.workspace.panes.map(\.kind), [.terminal, .empty], "the missing Host's pane is empty, the layout kept")
    }
}

/// Recent Workspaces of one name and different layouts are told apart by a number.
@MainActor
final class RecentWorkspaceTitleTests: XCTestCase {
    func testDuplicateTitlesAreNumberedAndTheSameWorkspaceKeptOnce() async {
        let web = Workspace(name: "web", pane: .terminal(hostID: UUID()))
        var split = Workspace(name: "web", pane: .terminal(hostID: UUID()))
        split.split(.horizontal, with: .empty())
        let third = Workspace(name: "web", pane: .localBrowser())
        let taken = Workspace(name: "web (2)", pane: .empty())
        let listed = Workbench.distinctRecent([web, split, web, taken, third])
        XCTAssertEqual(listed.map(\.name), ["web", "web (3)", "web (2)", "web (4)"])
        XCTAssertEqual(Workbench.distinctRecent(listed).map(\.name), listed.map(\.name), "numbered titles stay as they are")
    }
}
