import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The Vault in the TUI (docs/behaviour.md §3): forms that add and edit Hosts, Identities and
/// Snippets through the command line's `VaultEditor` (here over the in-memory store), the
/// question before a removal, and the Recent Workspaces' rename and clear.
@MainActor
final class WorkbenchVaultFormTests: WorkbenchTestCase {
    private var snapshot: VaultSnapshot {
        get async throws { try await services.vault.snapshot() }
    }
    /// The Vault as last read by a test step.
    private var current = VaultSnapshot()

    /// Types `text` into the focused field after clearing it.
    private func fill(_ text: String) {
        press(.character("u"), .control)
        type(text)
    }

    private func waitForForm(_ title: String) async {
        await eventually("the form opened", showing: screenReport) { workbench.vaultForm != nil }
        await waitForScreen(containing: title)
    }

    func testAHostAddedInTheFormIsInTheVaultAndTheNavigator() async throws {
        try await start()
        press(.function(7))
        await waitForForm("New Host")
        fill("cache")
        press(.tab); fill("10.0.0.9")
        press(.tab); fill("2222")
        press(.tab); fill("ops")
        press(.tab)  // Identity: none
        press(.tab)  // jumps
        press(.tab); fill("prod, redis")
        press(.tab); fill("the cache")
        press(.tab); press(.right)  // Share connection: off
        press(.enter)
        await eventually("the form closed", showing: screenReport) { workbench.vaultForm == nil }
        current = try await snapshot
        let host = try XCTUnwrap(current.host("cache"))
        XCTAssertEqual(host.hostname, "10.0.0.9")
        XCTAssertEqual(host.port.rawValue, 2222)
        XCTAssertEqual(host.username, "ops")
        XCTAssertEqual(host.tags, ["prod", "redis"])
        XCTAssertEqual(host.notes, "the cache")
        XCTAssertFalse(host.sharesConnection)
        await waitForScreen(containing: "cache 10.0.0.9")
        XCTAssertTrue(screenText.contains("saved Host 'cache'"), screenReport)
    }

    func testARefusedHostSaysWhyAndWritesNothing() async throws {
        try await start()
        let before = try await snapshot
        press(.function(7))
        await waitForForm("New Host")
        fill("api")
        press(.tab); fill("10.0.0.5")
        press(.tab); fill("http")
        press(.enter)
        await waitForScreen(containing: "Port: 'http' is not a number")
        // A label another Host has: the Vault's own refusal, in the form.
        press(.tab, .shift); press(.tab, .shift)
        fill("web")
        press(.tab); press(.tab); fill("22")
        press(.enter)
        await eventually("the Vault refused", showing: screenReport) { workbench.vaultForm?.problem != nil }
        XCTAssertTrue(try XCTUnwrap(workbench.vaultForm?.problem).contains("web"), screenReport)
        let after = try await snapshot
        XCTAssertEqual(after.hosts, before.hosts, "nothing written")
        press(.escape)
        XCTAssertNil(workbench.vaultForm)
    }

    func testEditingAHostKeepsItsIdentityInTheVault() async throws {
        try await start()
        current = try await snapshot
        let id = try XCTUnwrap(current.host("web")).id
        press(.function(6))  // the selection is web, the first Host
        await waitForForm("Edit Host 'web'")
        press(.tab); fill("web.example.net")
        press(.enter)
        await eventually("the form closed", showing: screenReport) { workbench.vaultForm == nil }
        current = try await snapshot
        let edited = try XCTUnwrap(current.host("web"))
        XCTAssertEqual(edited.id, id)
        XCTAssertEqual(edited.hostname, "web.example.net")
    }

    func testAHostRemovedByAnotherProcessWhileItsFormIsOpenIsNotWrittenBack() async throws {
        try await start()
        press(.function(6))
        await waitForForm("Edit Host 'web'")
        await services.changeHostsElsewhere([WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")])
        press(.tab); fill("10.9.9.9")
        press(.enter)
        await eventually("the Vault refused", showing: screenReport) { workbench.vaultForm?.problem != nil }
        current = try await snapshot
        XCTAssertNil(current.host("web"), "the other process's removal stands")
    }

    func testAnIdentityPasswordIsTypedHiddenAndSealed() async throws {
        try await start()
        press(.pageDown)  // the last line: + new Identity
        press(.enter)
        await waitForForm("New Identity")
        fill("deploy")
        press(.tab); fill("deployer")
        press(.tab)  // Key: none
        press(.tab); type("hunter2-secret")
        XCTAssertFalse(screenText.contains("hunter2"), screenReport)
        XCTAssertTrue(screenText.contains("••••"), screenReport)
        press(.enter)
        await eventually("the form closed", showing: screenReport) { workbench.vaultForm == nil }
        current = try await snapshot
        let identity = try XCTUnwrap(current.identity("deploy"))
        XCTAssertEqual(identity.username, "deployer")
        XCTAssertTrue(identity.hasPassword)
        XCTAssertFalse(screenText.contains("hunter2"), screenReport)
        await waitForScreen(containing: "deploy (deployer)")

        // Edited with the password left empty, the stored one stays (the selection is on it).
        press(.function(6))
        await waitForForm("Edit Identity 'deploy'")
        press(.tab); fill("deploy2")
        press(.enter)
        await eventually("the form closed", showing: screenReport) { workbench.vaultForm == nil }
        current = try await snapshot
        let edited = try XCTUnwrap(current.identity("deploy"))
        XCTAssertEqual(edited.username, "deploy2")
        XCTAssertEqual(edited.passwordSecretID, identity.passwordSecretID)
    }

    func testRemovingAHostOthersJumpThroughAsksAgainNamingThem() async throws {
        let bastion = WorkbenchFixture.host("bastion", hostname: "10.0.0.7")
        var web = WorkbenchFixture.host("web")
        web.jumpChain = [bastion.id]
        try await start(hosts: [bastion, web])
        press(.function(8))
        await waitForScreen(containing: "Remove Host 'bastion' from the Vault?")
        press(.character("y"))
        await waitForScreen(containing: "In use by Host 'web'")
        current = try await snapshot
        XCTAssertNotNil(current.host("bastion"), "nothing removed before the second yes")
        press(.character("y"))
        await eventually("the removal finished", showing: screenReport) { workbench.vaultRemoval == nil }
        current = try await snapshot
        XCTAssertNil(current.host("bastion"))
        current = try await snapshot
        XCTAssertEqual(try XCTUnwrap(current.host("web")).jumpChain, [])
        await eventually("the Navigator dropped it", showing: screenReport) { !workbench.hosts.contains { $0.label.rawValue == "bastion" } }
    }

    func testNoKeepsTheRecord() async throws {
        try await start()
        press(.function(8))
        await waitForScreen(containing: "Remove Host 'web'")
        press(.character("n"))
        XCTAssertNil(workbench.vaultRemoval)
        current = try await snapshot
        XCTAssertNotNil(current.host("web"))
    }

    func testNotesWithEscapeSequencesFromAnotherProcessAreShownEscaped() async throws {
        var web = WorkbenchFixture.host("web")
        web.notes = "see \u{1B}]52;c;cm0gLXJm\u{07} here"
        try await start(hosts: [web])
        press(.function(6))
        await waitForForm("Edit Host 'web'")
        XCTAssertFalse(screenText.contains("\u{1B}"), screenReport)
        XCTAssertTrue(screenText.contains(#"see \033]52;c;cm0gLXJm\007 here"#), screenReport)
    }

    func testASnippetAddedEditedAndRemovedFromThePicker() async throws {
        try await start(hosts: [WorkbenchFixture.host("web")])
        let connection = try await openFromNavigator("web")
        connection.shell.print("$ ")
        prefixed(.character("s"))
        await waitForScreen(containing: "no Snippets yet")
        press(.function(7))
        await waitForForm("New Snippet")
        fill("uptime")
        press(.tab); fill("uptime -p")
        press(.enter)
        await eventually("the form closed", showing: screenReport) { workbench.vaultForm == nil }
        await waitForScreen(containing: "uptime -p")
        XCTAssertNotNil(workbench.snippetPicker, "the picker stays, listing the new Snippet")
        current = try await snapshot
        XCTAssertEqual(current.snippet("uptime")?.script, "uptime -p")

        press(.function(6))
        await waitForForm("Edit Snippet 'uptime'")
        press(.tab); fill("uptime -s")
        press(.enter)
        await eventually("the form closed", showing: screenReport) { workbench.vaultForm == nil }
        await waitForScreen(containing: "uptime -s")
        current = try await snapshot
        XCTAssertEqual(current.snippet("uptime")?.script, "uptime -s")

        press(.function(8))
        await waitForScreen(containing: "Remove Snippet 'uptime'")
        press(.character("y"))
        await waitForScreen(containing: "no Snippets yet")
        current = try await snapshot
        XCTAssertNil(current.snippet("uptime"))
        XCTAssertEqual(connection.shell.written, "", "nothing was typed into the pane")
    }

    func testARecentWorkspaceIsRenamedKeptApartAndAllCanBeCleared() async throws {
        let web = WorkbenchFixture.host("web")
        let recent = [Workspace(name: "web", pane: .terminal(hostID: web.id)), Workspace(name: "db", pane: .terminal(hostID: web.id))]
        try await start(hosts: [web], recent: recent)
        press(.down); press(.down)  // the Hosts' web, the Workspace, then the first Recent one
        XCTAssertEqual(navigatorSelection, .recent(index: 0, name: "web"))
        press(.function(6))
        await waitForScreen(containing: "Rename the Recent Workspace")
        fill("db")
        press(.enter)
        XCTAssertEqual(workbench.recent.map(\.name), ["db (2)", "db"])
        press(.character("x"), .control)
        await waitForScreen(containing: "forget all 2 Recent Workspaces? y/n")
        press(.character("y"))
        XCTAssertEqual(workbench.recent.count, 0)
    }

    private var navigatorSelection: Navigator.Entry? {
        workbench.navigator.selected(
            in: workbench.navigator.entries(
                hosts: HostSearch(workbench.hosts), workspaces: workbench.workspaces, recent: workbench.recent,
                identities: workbench.identities))
    }
}
