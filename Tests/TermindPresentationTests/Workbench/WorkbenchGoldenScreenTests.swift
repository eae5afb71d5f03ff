import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// Every overlay on an 80×24 screen, compared with its golden text (`GoldenScreen`, one file
/// per overlay under `Golden/`): read by eye when written, each shows its text whole (no word
/// cut, nothing clipped) with its keys. `TERMIND_UPDATE_GOLDEN=1` rewrites them.
@MainActor
final class WorkbenchGoldenScreenTests: WorkbenchTestCase {
    static let size = CellSize(columns: 80, rows: 24)

    private func startSmall(hosts: [Host]? = nil) async throws {
        if let hosts {
            try await start(hosts: hosts, size: Self.size)
        } else {
            try await start(size: Self.size)
        }
    }

    private func assertScreen(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        GoldenScreen.assert(screen, matches: name, file: file, line: line)
    }

    func testHelp() async throws {
        try await startSmall()
        prefixed(.character("?"))
        assertScreen("help")
        press(.pageDown)
        press(.pageDown)
        press(.pageDown)
        press(.pageDown)
        press(.pageDown)
        press(.pageDown)
        assertScreen("help-end")
    }

    func testQuickOpen() async throws {
        try await startSmall(hosts: [
            WorkbenchFixture.host("web"), WorkbenchFixture.host("db-primary", hostname: "10.0.0.2"),
            WorkbenchFixture.host("reporting-warehouse-eu-west", hostname: "reporting-warehouse-eu-west-1.internal.example.com"),
        ])
        prefixed(.character("f"))
        assertScreen("quick-open")
    }

    func testImport() async throws {
        try await startSmall()
        services.offerImport(WorkbenchImportTests.preview())
        prefixed(.character("I"))
        await waitForScreen(containing: "web.example.com")
        assertScreen("import")
    }

    func testTransferQueue() async throws {
        let record = PartialTransferRecord(
            source: TransferAddress(location: "web", path: "/srv/releases/2026-12-07/termind-1.4.0-linux-x86_64.tar.gz"),
            sourceSize: 200_000_000, sourceModified: 1_700_000_000,
            destination: TransferAddress(location: "local", path: "/home/alice/Downloads/releases/termind-1.4.0-linux-x86_64.tar.gz"),
            partialPath: "/home/alice/Downloads/releases/.termind-1.4.0-linux-x86_64.tar.gz.termind-partial",
            verifiedBytes: 50_000_000, sha256: "", savedAt: .init(timeIntervalSince1970: 1_700_000_000))
        let store = InMemoryPartialTransferStore([record])
        let base = InMemoryWorkbenchServices(hosts: [WorkbenchFixture.host("web")])
        services = base
        let queue = TransferQueue(sites: WorkbenchTransferQueueTests.UnreachableSites(), store: store, listing: store)
        workbench = Workbench(services: WorkbenchTransferQueueTests.Services(base: base, queue: queue),
                              keymap: try WorkbenchFixture.defaultKeymap(), size: Self.size)
        await workbench.start()
        press(.tab)
        prefixed(.character("t"))
        await waitForScreen(containing: "interrupted")
        assertScreen("transfer-queue")
    }

    func testForwards() async throws {
        try await startSmall()
        prefixed(.character("F"))
        assertScreen("forwards")
    }

    func testForwardEditorWithTheCommandLinesRefusal() async throws {
        try await startSmall()
        try await openFromNavigator("web")
        prefixed(.character("F"))
        press(.character("a"))
        await waitForScreen(containing: "Add a forward to 'web'")
        type("L 0")
        press(.enter)
        await waitForScreen(containing: "is not valid")
        assertScreen("forward-editor")
    }

    func testALostPaneCountingDownAndItsDetails() async throws {
        try await startSmall()
        let connection = try await openFromNavigator("web")
        connection.shell.drop()
        await waitForScreen(containing: "Reconnecting in 1 s")
        assertScreen("lost-pane-reconnecting")
        press(.character("d"))
        await waitForScreen(containing: "What the SSH library said about web")
        assertScreen("connection-details")
    }

    func testHistory() async throws {
        try await startSmall()
        let hosts = try await services.hosts()
        let webID = try XCTUnwrap(hosts.first { $0.label.rawValue == "web" }?.id)
        let now = Date()
        try await services.recordCommand(CommandHistoryEntry(
            hostID: webID, command: "rsync -av --delete ./build/ deploy@web:/srv/app/releases/current/ && systemctl restart app",
            startedAt: now.addingTimeInterval(-7200), exitStatus: 0, duration: 12.5,
            workingDirectory: "/home/deploy/projects/termind/deploy/releases"))
        try await services.recordCommand(CommandHistoryEntry(
            hostID: webID, command: "make test", startedAt: now.addingTimeInterval(-7100), exitStatus: 2, duration: 3.25,
            workingDirectory: "/home/deploy/src"))
        try await openFromNavigator("web")
        prefixed(.character("h"))
        await waitForScreen(containing: "make test")
        assertScreen("history")
    }

    func testSnippets() async throws {
        try await startSmall()
        await services.setSnippets([
            try Snippet(label: Label("restart-app"), script: "sudo systemctl restart {{service}} && journalctl -u {{service}} -n 50 --no-pager"),
            try Snippet(label: Label("disk"), script: "df -h / /srv"),
        ])
        try await openFromNavigator("web")
        prefixed(.character("s"))
        await waitForScreen(containing: "restart-app")
        assertScreen("snippets")
    }

    func testTemplateNamePromptWithARefusal() async throws {
        try await startSmall()
        try await openFromNavigator("web")
        prefixed(.character("S"))
        XCTAssertNotNil(workbench.namePrompt, screenReport)
        workbench.namePrompt?.problem = "not saved: a Template labelled 'web' already exists; pick another label or edit that one"
        assertScreen("template-name-prompt")
    }

    func testRenamePanePrompt() async throws {
        try await startSmall()
        try await openFromNavigator("web")
        prefixed(.character("P"))
        assertScreen("rename-pane-prompt")
    }

    func testVaultHostForm() async throws {
        try await startSmall()
        press(.function(7))
        await eventually("the form opened", showing: screenReport) { workbench.vaultForm != nil }
        assertScreen("vault-form-host")
    }

    func testVaultIdentityForm() async throws {
        try await startSmall()
        press(.pageDown)
        press(.enter)
        await eventually("the form opened", showing: screenReport) { workbench.vaultForm != nil }
        assertScreen("vault-form-identity")
    }

    func testVaultRemoval() async throws {
        let bastion = WorkbenchFixture.host("bastion", hostname: "10.0.0.7")
        var web = WorkbenchFixture.host("web")
        web.jumpChain = [bastion.id]
        var api = WorkbenchFixture.host("api-gateway-production")
        api.jumpChain = [bastion.id]
        try await startSmall(hosts: [bastion, web, api])
        press(.function(8))
        await waitForScreen(containing: "from the Vault?")
        assertScreen("vault-removal")
        press(.character("y"))
        await waitForScreen(containing: "In use by")
        assertScreen("vault-removal-in-use")
    }

    func testQuitQuestion() async throws {
        try await startSmall()
        try await openFromNavigator("web")
        prefixed(.character("q"))
        assertScreen("status-question-quit")
    }

    func testTransferConflict() async throws {
        try await startSmall()
        try await openFromNavigator("web")
        // The queue's question, drawn where the workbench draws its overlays.
        let conflict = TransferConflict(
            source: TransferAddress(location: "local", path: "/home/alice/Downloads/releases/termind-1.4.0-linux-x86_64.tar.gz"),
            sourceAttributes: FileAttributes(size: 2_500_000),
            destination: TransferAddress(location: "web", path: "/srv/releases/2026-12-07/termind-1.4.0-linux-x86_64.tar.gz"),
            existing: FileAttributes(size: 1_000))
        var buffer = workbench.frame().buffer
        TransferConflictView.draw(TransferQueueQuestion(id: 1, conflict: conflict), waiting: 3,
                                  in: CellRect(column: 0, row: 1, columns: 80, rows: 22), into: &buffer)
        GoldenScreen.assert(buffer.lines, matches: "transfer-conflict")
    }

    func testEditUploadDialog() async throws {
        try await startSmall()
        workbench.editDialog = EditDialog.upload("web:/srv/app/config/settings.production.yaml", opened: nil)
        assertScreen("edit-upload")
    }

    func testEditReportDialog() async throws {
        try await startSmall()
        workbench.editDialog = EditDialog.report("Not uploaded: the file changed", [
            "web:/srv/app/config/settings.production.yaml changed on the server since you opened it, so your copy was not uploaded over it.",
            "Your copy is kept at /home/alice/.cache/termind/edit/web-0001/settings.production.yaml: compare the two and upload it with termind cp.",
        ])
        assertScreen("edit-report")
    }

    func testHostKeyInteractionDialog() async throws {
        try await startSmall()
        let question = HostKeyQuestion(
            hostname: "10.0.0.1", port: 2222, keyType: "ssh-ed25519", fingerprint: KeyFingerprint(sha256: Array(repeating: 7, count: 32))!,
            recordedKeyTypes: ["ecdsa-sha2-nistp256"])
        services.connect { label, interactions, generation in
            _ = try await interactions.ask(.hostKey(question), connectionLabel: label, generation: generation)
            return ScriptedConnection(label: label)
        }
        type("web")
        press(.enter)
        await waitForScreen(containing: "Unknown host key")
        assertScreen("interaction-host-key")
    }

    func testKeyboardInteractiveDialog() async throws {
        try await startSmall()
        let round = KeyboardInteractiveRound(
            name: "Duo two-factor", instruction: "Enter the code from your authenticator app, or type push to get a push notification on your phone.",
            prompts: [KeyboardInteractivePrompt(text: "Password: ", echo: false), KeyboardInteractivePrompt(text: "Passcode or option (1-3): ", echo: true)])
        services.connect { label, interactions, generation in
            _ = try await interactions.ask(.keyboardInteractive(round), connectionLabel: label, generation: generation)
            return ScriptedConnection(label: label)
        }
        type("web")
        press(.enter)
        await waitForScreen(containing: "authenticator")
        assertScreen("interaction-keyboard-interactive")
    }

    func testCopyPicker() async throws {
        try await startSmall()
        let targets = [
            CopyTargetPicker.Target(pane: PaneID(), number: 2, side: .local, directory: "/home/alice/Downloads/releases/2026-12-07"),
            CopyTargetPicker.Target(
                pane: PaneID(), number: 3, side: .remote(hostLabel: "srv2"), directory: "/srv/incoming/from-srv/archive/2026/december/week-49"),
        ]
        workbench.overlays[CopyTargetPicker.self] = CopyTargetPicker(
            copy: BrowserCopy(sourceHost: "srv", sources: ["/home/tb/projects/deploy/releases/report.pdf"]),
            source: "srv:/home/tb/projects/termind/deploy/releases", targets: targets)
        assertScreen("copy-picker")
    }

    func testBrowserPathBarAndKeys() async throws {
        try await startSmall()
        let releases = "/home/deploy/projects/termind/deploy/releases"
        services.serveFiles(MemoryTree(home: "/home/deploy", paths: [
            "\(releases)/2026-12-07/termind.tar.gz", "\(releases)/2026-12-01/", "\(releases)/CHANGELOG.md", "\(releases)/current",
        ]))
        let connection = try await openFromNavigator("web")
        connection.shell.print("\u{1B}]7;file://web\(releases)\u{07}$ ")
        await eventually("the pane knows the directory", showing: screenReport) { screenText.contains("releases") }
        prefixed(.character("b"))
        await waitForScreen(containing: "CHANGELOG.md")
        assertScreen("browser")
        press(.character("?"))
        await waitForScreen(containing: "Keys of the file browser")
        assertScreen("browser-keys")
        press(.character("?"))
        prefixed(.character("z"))
        press(.character("?"))
        await waitForScreen(containing: "Keys of the file browser")
        assertScreen("browser-keys-zoomed")
    }

    func testAnInstructionTooLongForTheScreenGivesWayToTheFieldsAndKeys() async throws {
        try await startSmall()
        let instruction = (1...30).map { "Line \($0) of the server's banner." }.joined(separator: "\n")
        let round = KeyboardInteractiveRound(
            name: "Banner", instruction: instruction, prompts: [KeyboardInteractivePrompt(text: "Password: ", echo: false)])
        services.connect { label, interactions, generation in
            _ = try await interactions.ask(.keyboardInteractive(round), connectionLabel: label, generation: generation)
            return ScriptedConnection(label: label)
        }
        type("web")
        press(.enter)
        await waitForScreen(containing: "Line 1 of")
        XCTAssertTrue(screenText.contains("Password:"), screenReport)
        XCTAssertTrue(screenText.contains("Enter submits · Esc cancels this connection"), screenReport)
        XCTAssertTrue(screenText.contains("│ …"), screenReport)
        assertScreen("interaction-long-instruction")
    }

    func testAnEditReportTooLongForTheScreenKeepsItsKey() async throws {
        try await startSmall()
        workbench.editDialog = EditDialog.report("Not uploaded", (1...30).map { "Line \($0) of what the server said." })
        XCTAssertTrue(screenText.contains("Any key closes"), screenReport)
        XCTAssertTrue(screenText.contains("│ …"), screenReport)
    }
}
