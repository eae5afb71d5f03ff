import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The import against the real adapters: ssh-keygen's files in a real folder, the OpenSSL codec,
/// the SQLite Vault and its sealed secrets.
final class SQLiteImportCommitTests: XCTestCase {
    /// The SQLite store, made to fail its next `apply` after the secrets were sealed.
    private struct FailingStore: VaultStore {
        struct InjectedFailure: Error {}
        let base: any VaultStore
        func snapshot() async throws -> VaultSnapshot { try await base.snapshot() }
        func apply(_ changes: [VaultChange]) async throws { throw InjectedFailure() }
        func update<T: Sendable>(_ decide: @escaping @Sendable (VaultSnapshot) throws -> VaultUpdate<T>) async throws -> T {
            throw InjectedFailure()
        }
        func record(_ entry: ConnectionHistoryEntry) async throws {}
        func record(_ entry: CommandHistoryEntry) async throws {}
        func record(_ entry: SFTPHistoryEntry) async throws {}
        func connectionHistory(hostID: UUID?) async throws -> [ConnectionHistoryEntry] { [] }
        func commandHistory(hostID: UUID?) async throws -> [CommandHistoryEntry] { [] }
        func sftpHistory(hostID: UUID?) async throws -> [SFTPHistoryEntry] { [] }
    }

    private var home: VaultTestHome!
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-import")
        folder = try TemporaryDirectory(prefix: "termind-import-ssh")
        for (name, arguments) in [
            ("id_ed25519", ["-t", "ed25519", "-N", ""]), ("id_locked", ["-t", "ed25519", "-N", "open sesame"]),
            ("id_ecdsa", ["-t", "ecdsa", "-N", ""]), ("legacy.pem", ["-t", "rsa", "-b", "2048", "-m", "PEM", "-N", ""]),
        ] {
            let result = try ChildProcess.run("ssh-keygen", ["-q", "-C", name, "-f", folder.path + "/" + name] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        try folder.write("Host web\n  User deploy\n  IdentityFile \(folder.path)/id_ed25519\n", to: "config")
    }

    override func tearDown() {
        home = nil
        folder = nil
    }

    private func preview(_ services: VaultServices) async throws -> ImportPreview {
        let files = SSHConfigFiles()
        let config = SSHConfigReader(
            home: folder.path, localUser: "me", localHostname: "laptop", readFile: files.readFile, expandGlob: files.expandGlob)
        let builder = ImportPreviewBuilder(
            directory: LocalSSHDirectoryReader(), keyCodec: OpenSSLPrivateKeyCodec(), store: services.store)
        return try await builder.preview(of: folder.path, config: config)
    }

    private func plan(_ preview: ImportPreview) throws -> ImportPlan {
        try ImportPlan(ImportSelection(all: true), in: preview, passphrasesAvailable: false)
    }

    func testRealKeysAreClassifiedAndReadWithTheirFingerprints() async throws {
        let services = home.services()
        let preview = try await preview(services)
        XCTAssertEqual(preview.keys.map(\.label), ["id_ecdsa", "id_ed25519", "id_locked", "legacy.pem"])
        XCTAssertEqual(preview.keys.map(\.isEncrypted), [false, false, true, false])
        XCTAssertEqual(preview.keys.map(\.format), [.openSSH, .openSSH, .openSSH, .pem])
        for key in preview.keys {
            let printed = try ChildProcess.run("ssh-keygen", ["-lf", key.path + ".pub"]).stdout.split(separator: " ")[1]
            XCTAssertEqual(key.publicKey?.fingerprint.description, String(printed), key.label)
        }
        XCTAssertEqual(preview.hosts.first?.identityIndexes, [1])
        await services.database.close()
    }

    func testASaveFailureAfterTheSecretsWereSealedLeavesNoSecretInTheDatabase() async throws {
        let services = home.services()
        let before = try await services.keyControl.status().secretCount
        let preview = try await preview(services)
        let plan = try ImportPlan(ImportSelection(all: true), in: preview, passphrasesAvailable: false)
        XCTAssertEqual(plan.keys.count, 4)
        let importer = VaultImporter(
            store: FailingStore(base: services.store), secrets: services.secrets, keyCodec: OpenSSLPrivateKeyCodec(),
            directory: LocalSSHDirectoryReader())
        do {
            _ = try await importer.commit(plan, of: preview)
            XCTFail("the injected failure did not surface")
        } catch is FailingStore.InjectedFailure {}
        let after = try await services.keyControl.status().secretCount
        XCTAssertEqual(after, before, "the sealed key files were removed again")
        let snapshot = try await services.store.snapshot()
        XCTAssertEqual(snapshot, VaultSnapshot())
        await services.database.close()
    }

    func testACommitWritesOnceAndASecondImportWritesNothing() async throws {
        let services = home.services()
        let importer = VaultImporter(
            store: services.store, secrets: services.secrets, keyCodec: OpenSSLPrivateKeyCodec(), directory: LocalSSHDirectoryReader())
        let first = try await preview(services)
        let report = try await importer.commit(try plan(first), of: first)
        XCTAssertEqual(report.keys.count, 4)
        XCTAssertEqual(report.hosts.map(\.label.rawValue), ["web"])
        let secrets = try await services.keyControl.status().secretCount
        XCTAssertEqual(secrets, 4)
        let second = try await preview(services)
        XCTAssertFalse(second.hasNewItems)
        let again = try await importer.commit(try plan(second), of: second)
        XCTAssertTrue(again.isEmpty)
        let unchanged = try await services.keyControl.status().secretCount
        XCTAssertEqual(unchanged, 4)
        await services.database.close()
    }
}
