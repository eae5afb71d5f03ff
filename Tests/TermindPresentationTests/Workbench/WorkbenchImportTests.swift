import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The Import screen: `~/.ssh`'s preview as a checklist, committed through the services.
final class WorkbenchImportTests: WorkbenchTestCase {
    static let folder = "/home/me/.ssh"

    /// Hosts web (new, user deploy with id_ed25519), db (new), old (existing), api (conflict);
    /// Identity deploy-id_ed25519 (new); Keys broken (cannot-import), id_ed25519 (new); two
    /// new Known Hosts. Cursor order: web db old api · deploy-id_ed25519 · broken id_ed25519 · 2 Known Hosts.
    static func preview() -> ImportPreview {
        func key(_ name: String, seed: UInt8, problem: String? = nil) -> ImportKeyItem {
            ImportKeyItem(
                path: "\(folder)/\(name)", label: name, digest: FileDigest(of: Array(name.utf8)), format: .openSSH,
                isEncrypted: false,
                publicKey: ImportPublicKey(algorithm: .ed25519, bits: 256, blob: [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [seed], comment: ""),
                problem: problem)
        }
        func host(_ alias: String, user: String? = nil, keys: [String] = []) -> ImportHostItem {
            ImportHostItem(
                alias: alias, hostname: "\(alias).example.com", port: 22, user: user, identityFiles: keys.map { "\(folder)/\($0)" },
                proxyJump: [], proxyJumpHops: [], location: ImportLocation(file: "\(folder)/config", line: 1))
        }
        func knownHost(_ pattern: String, seed: UInt8) -> ImportKnownHostItem {
            ImportKnownHostItem(
                record: KnownHost(pattern: pattern, keyType: "ssh-ed25519", keyBlob: [seed, seed, seed]),
                location: ImportLocation(file: "\(folder)/known_hosts", line: Int(seed)))
        }
        let vault = VaultSnapshot(hosts: [
            WorkbenchFixture.host("old", hostname: "old.example.com", username: nil),
            WorkbenchFixture.host("api", hostname: "10.9.9.9", username: nil),
        ])
        return ImportPreview(
            folder: folder, keys: [key("id_ed25519", seed: 1), key("broken", seed: 2, problem: "the file is damaged")],
            publicKeys: [],
            hosts: [host("web", user: "deploy", keys: ["id_ed25519"]), host("db"), host("old"), host("api")],
            knownHosts: [knownHost("web.example.com", seed: 1), knownHost("db.example.com", seed: 2)], skipped: [], vault: vault)
    }

    private func openImport(writing hosts: [Host] = []) async throws {
        try await start(hosts: [], size: CellSize(columns: 140, rows: 40))
        services.offerImport(Self.preview(), writing: hosts)
        prefixed(.character("I"))
        await waitForScreen(containing: "Hosts — 2 new of 4")
    }

    /// The screen's line showing `name`'s row.
    private func row(_ name: String) -> String? {
        screen.first { $0.contains("] \(name) ") }
    }

    private func down(_ times: Int) {
        for _ in 0..<times { press(.down) }
    }

    func testTheChecklistListsEverySectionWithItsStatuses() async throws {
        try await openImport()

        XCTAssertTrue(screenText.contains("Import from /home/me/.ssh"), screenText)
        XCTAssertTrue(screenText.contains(ImportScreenView.encryptedNote), screenText)
        for heading in ["Hosts — 2 new of 4", "Identities — 1 new of 1", "Keys — 1 new of 2", "Known Hosts — 2 new of 2"] {
            XCTAssertTrue(screenText.contains(heading), "\(heading) in\n\(screenText)")
        }
        XCTAssertTrue(row("web")?.contains("[ ] web") == true && row("web")?.contains("  new  deploy@web.example.com:22") == true, screenText)
        XCTAssertTrue(row("old")?.contains("existing") == true, screenText)
        XCTAssertTrue(row("api")?.contains("conflict: the Vault has another Host labelled 'api'") == true, screenText)
        XCTAssertTrue(row("broken")?.contains("cannot-import: the file is damaged") == true, screenText)
        XCTAssertTrue(row("deploy-id_ed25519")?.contains("new") == true, screenText)
        XCTAssertTrue(row("web.example.com")?.contains("[ ] web.example.com") == true, screenText)
    }

    func testOnlyNewRowsCanBeChecked() async throws {
        try await openImport()

        type(" ")
        XCTAssertTrue(row("web")?.contains("[x] web") == true, screenText)
        down(3)  // api, a conflict
        type(" ")
        XCTAssertTrue(row("api")?.contains("[ ] api") == true, screenText)
        XCTAssertTrue(screenText.contains("only new items can be checked: Host 'api' is conflict"), screenText)
        press(.up)  // old, existing
        type(" ")
        XCTAssertTrue(row("old")?.contains("[ ] old") == true, screenText)
        down(3)  // broken, cannot-import
        type(" ")
        XCTAssertTrue(row("broken")?.contains("[ ] broken") == true, screenText)
        press(.up)
        type(" ")  // the Identity, new
        XCTAssertTrue(row("deploy-id_ed25519")?.contains("[x]") == true, screenText)
        type(" ")  // and cleared again
        XCTAssertTrue(row("deploy-id_ed25519")?.contains("[ ]") == true, screenText)
        down(3)  // a Known Host: every new one goes with it
        type(" ")
        XCTAssertTrue(row("web.example.com")?.contains("[x]") == true, screenText)
        XCTAssertTrue(row("db.example.com")?.contains("[x]") == true, screenText)
    }

    func testEnterCommitsExactlyTheCheckedItemsAndTheNavigatorGetsTheHosts() async throws {
        let written = WorkbenchFixture.host("web", hostname: "web.example.com")
        try await openImport(writing: [written])

        type(" ")  // web
        down(4)
        type(" ")  // deploy-id_ed25519
        down(2)
        type(" ")  // id_ed25519
        press(.enter)
        await waitForScreen(containing: "Written to the Vault:")

        XCTAssertEqual(
            services.committedSelections,
            [ImportSelection(hosts: ["web"], identities: ["deploy-id_ed25519"], keys: ["id_ed25519"], knownHosts: false)])
        XCTAssertTrue(screenText.contains("1 Host: web"), screenText)
        XCTAssertEqual(workbench.hosts.map(\.label.rawValue), ["web"], "the Hosts are read again after the commit")
        press(.escape)
        XCTAssertFalse(screenText.contains("Import from"), screenText)
    }

    func testAllChecksEveryNewItemAsImportAll() async throws {
        try await openImport()

        type("a")
        for name in ["web", "db", "deploy-id_ed25519", "id_ed25519", "web.example.com", "db.example.com"] {
            XCTAssertTrue(row(name)?.contains("[x]") == true, "\(name) checked in\n\(screenText)")
        }
        XCTAssertTrue(row("api")?.contains("[ ]") == true, screenText)
        press(.enter)
        await waitForScreen(containing: "Nothing was written.")
        XCTAssertEqual(services.committedSelections, [ImportSelection(all: true)])
    }

    func testARefusedSelectionShowsWhyAndCommitsNothing() async throws {
        try await openImport()

        down(4)
        type(" ")  // the Identity without its Key
        press(.enter)

        XCTAssertTrue(screenText.contains("the Identity 'deploy-id_ed25519' needs its Key 'id_ed25519'"), screenText)
        XCTAssertTrue(screenText.contains("Hosts — 2 new of 4"), "the checklist stays:\n\(screenText)")
        let nothingWritten = await holdsThroughout(.milliseconds(50)) { services.committedSelections.isEmpty }
        XCTAssertTrue(nothingWritten, "\(services.committedSelections)")

        press(.up)
        press(.up)
        press(.up)
        press(.up)
        press(.enter)  // nothing checked but the Identity; still refused
        XCTAssertEqual(services.committedSelections, [])
    }

    func testEscapeClosesWithoutWriting() async throws {
        try await openImport()

        type(" ")
        press(.escape)

        XCTAssertFalse(screenText.contains("Import from"), screenText)
        let nothingWritten = await holdsThroughout(.milliseconds(50)) { services.committedSelections.isEmpty }
        XCTAssertTrue(nothingWritten, "\(services.committedSelections)")
    }

    func testQuickOpenOffersTheImportScreen() async throws {
        try await start(hosts: [])
        services.offerImport(Self.preview())
        prefixed(.character("f"))
        type("import")
        XCTAssertTrue(screenText.contains("Import from ~/.ssh"), screenText)
        press(.enter)
        await waitForScreen(containing: "Hosts — 2 new of 4")
    }
}
