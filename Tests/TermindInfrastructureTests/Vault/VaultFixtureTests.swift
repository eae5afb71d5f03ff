import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// `Tests/Fixtures/vault-v1.db` (with its key file `vault-v1.key`) is a Vault written at
/// schema 1 with rows of every kind. Every later migration must open it and keep every row
/// and field: this test copies it, opens it with the current migrations and checks it all.
///
/// The fixture is frozen: V1 was released and V2 builds on it, so it is never regenerated.
final class VaultFixtureTests: XCTestCase {
    func testV1FixtureOpensWithCurrentMigrationsKeepingEveryRowAndField() async throws {
        let home = try VaultTestHome()
        try FileManager.default.createDirectory(atPath: home.paths.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.paths.configDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: VaultFixture.databaseFile.path, toPath: home.databasePath)
        try FileManager.default.copyItem(atPath: VaultFixture.keyFile.path, toPath: home.keyFilePath)
        chmod(home.keyFilePath, 0o600)  // git keeps 0644
        let fixtureBytes = try XCTUnwrap(VaultTestHome.bytes(home.databasePath))
        XCTAssertFalse(containsBytes(fixtureBytes, Array(VaultFixture.password.utf8)), "the fixture holds a plaintext secret")

        let services = home.services()
        let snapshot = try await services.store.snapshot()
        let deploy = try XCTUnwrap(snapshot.identity("deploy"))
        let key = try XCTUnwrap(snapshot.key("deploy-ed25519"))
        let secrets = VaultFixture.Secrets(
            password: deploy.passwordSecretID, privateKey: key.privateKeySecretID, keyPassphrase: key.passphraseSecretID)
        let expected = try VaultFixture.snapshot(secrets)

        XCTAssertEqual(snapshot.hosts, expected.hosts)
        XCTAssertEqual(snapshot.identities, expected.identities)
        XCTAssertEqual(snapshot.keys, expected.keys)
        XCTAssertEqual(snapshot.snippets, expected.snippets)
        XCTAssertEqual(snapshot.knownHosts, expected.knownHosts)
        XCTAssertEqual(snapshot.templates, expected.templates)
        XCTAssertEqual(snapshot, expected)

        let connections = try await services.store.connectionHistory(hostID: nil)
        let commands = try await services.store.commandHistory(hostID: nil)
        let transfers = try await services.store.sftpHistory(hostID: nil)
        XCTAssertEqual(connections, VaultFixture.connections.reversed())
        XCTAssertEqual(commands, VaultFixture.commands.reversed())
        XCTAssertEqual(transfers, VaultFixture.transfers.reversed())

        // V3: every Host of V1 keeps the shell integration on; V4: the search index covers
        // the commands V1 held, in any part and any case.
        XCTAssertTrue(snapshot.hosts.allSatisfy(\.usesShellIntegration))
        // V5: every Host of V1 shares its workbench connection.
        XCTAssertTrue(snapshot.hosts.allSatisfy(\.sharesConnection))
        // V6: no Host of V1 has a forwarding rule.
        XCTAssertTrue(snapshot.hosts.allSatisfy(\.forwards.isEmpty))
        // V7: every Host of V1 keeps OpenSSH-like keepalives (30 s x 3) and samples metrics every 2 s.
        XCTAssertFalse(snapshot.hosts.isEmpty)
        XCTAssertTrue(snapshot.hosts.allSatisfy { $0.keepalive == .standard && $0.metricsInterval == 2 })
        // V8: every Host of V1 reconnects its lost panes by itself.
        XCTAssertTrue(snapshot.hosts.allSatisfy { $0.reconnect == .auto })
        let search = SQLiteVaultStore(database: services.database)
        let found = try await search.searchCommands(CommandHistoryQuery(text: "ERROR SYS"))
        XCTAssertEqual(found.map(\.id), [VaultFixture.commands[1].id])
        let failed = try await search.searchCommands(CommandHistoryQuery(hostID: VaultFixture.webID, failedOnly: true))
        XCTAssertEqual(failed.map(\.command), ["grep -c error syslog\necho done"])

        let password = try await services.secrets.unseal(try XCTUnwrap(secrets.password))
        let privateKey = try await services.secrets.unseal(secrets.privateKey)
        let keyPassphrase = try await services.secrets.unseal(try XCTUnwrap(secrets.keyPassphrase))
        XCTAssertEqual(password, Secret(VaultFixture.password))
        XCTAssertEqual(privateKey, Secret(VaultFixture.privateKey))
        XCTAssertEqual(keyPassphrase, Secret(VaultFixture.keyPassphrase))

        let status = try await services.keyControl.status()
        XCTAssertEqual(status.schemaVersion, try VaultMigration.shipped().last?.version)
        XCTAssertEqual(status.keySource, .keyFile)
        XCTAssertEqual(status.secretCount, 3)
    }

    /// The generator still describes the committed fixture: written at today's schema, it has
    /// the same rows in every table as the frozen V1 file.
    func testFixtureGeneratorProducesTheCommittedFixturesRows() async throws {
        let home = try VaultTestHome()
        let database = VaultDatabase(path: home.databasePath, migrations: try VaultMigration.shipped())
        let keyring = VaultKeyring(keyFilePath: home.keyFilePath, passphraseSource: VaultTestHome.noPassphrase)
        _ = try await VaultFixture.populate(
            store: SQLiteVaultStore(database: database), secrets: SealedSecretStore(database: database, keyring: keyring))
        let version = try await database.schemaVersion()
        XCTAssertEqual(version, try VaultMigration.shipped().last?.version)
        await database.close()
        XCTAssertFalse(VaultTestHome.exists(home.databasePath + "-wal"), "closing should have checkpointed the WAL")
        // Counted on a copy: even a read-only WAL connection leaves -shm/-wal files beside the file.
        let committed = try TemporaryDirectory()
        let copy = committed.appending("vault-v1.db").path
        try FileManager.default.copyItem(atPath: VaultFixture.databaseFile.path, toPath: copy)
        // Records only: the migrations' own bookkeeping grows with each new version, and later
        // versions add tables V1 cannot have (V4's search index and its shadow tables).
        var generated = try Self.rowCounts(home.databasePath), committedRows = try Self.rowCounts(copy)
        generated["schema_migrations"] = nil
        committedRows["schema_migrations"] = nil
        XCTAssertEqual(generated["command_search"], generated["command_history"], "the search index holds every command")
        generated = generated.filter { committedRows[$0.key] != nil }
        XCTAssertEqual(generated, committedRows)
    }

    /// Rows per table, read with a plain read-only connection.
    private static func rowCounts(_ path: String) throws -> [String: Int] {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        var counts: [String: Int] = [:]
        let tables = try connection.query(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        for table in tables {
            let name: String = try table.get("name")
            let count: Int64 = try connection.query(sql: "SELECT count(*) AS n FROM \"\(name)\"")[0].get("n")
            counts[name] = Int(count)
        }
        return counts
    }
}
