import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

final class VaultStoreTests: XCTestCase {
    private var home: VaultTestHome!
    private var database: VaultDatabase!
    private var store: SQLiteVaultStore!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-vault-store")
        database = VaultDatabase(path: home.databasePath)
        store = SQLiteVaultStore(database: database)
    }

    override func tearDown() async throws {
        await database.close()
        store = nil
        database = nil
        home = nil
    }

    private var fakeSecrets: VaultFixture.Secrets {
        VaultFixture.Secrets(
            password: UUID(uuidString: "5EC00000-0000-4000-8000-000000000001")!,
            privateKey: UUID(uuidString: "5EC00000-0000-4000-8000-000000000002")!,
            keyPassphrase: UUID(uuidString: "5EC00000-0000-4000-8000-000000000003")!)
    }

    private func saveFixtureRecords() async throws {
        try await store.apply(try VaultFixture.records(fakeSecrets).map(VaultChange.save))
    }

    private func label(_ text: String) throws -> Label { try Label(text) }

    // MARK: Round trip

    func testEveryRecordKindComesBackFieldForField() async throws {
        try await saveFixtureRecords()

        let snapshot = try await store.snapshot()

        XCTAssertEqual(snapshot, try VaultFixture.snapshot(fakeSecrets))
    }

    func testEmptyVaultHasAnEmptySnapshot() async throws {
        let snapshot = try await store.snapshot()
        XCTAssertEqual(snapshot, VaultSnapshot())
    }

    func testSavingAgainUpdatesInPlaceAndKeepsTheHostsHistories() async throws {
        try await saveFixtureRecords()
        for entry in VaultFixture.connections { try await store.record(entry) }
        let saved = try await store.snapshot()
        var web = try XCTUnwrap(saved.host("web"))
        web.label = try label("web-1")
        web.hostname = "web1.example.net"
        web.port = try Port(2200)
        web.username = nil
        web.identityID = nil
        web.tags = ["renamed"]
        web.notes = ""
        web.sharesConnection = false  // V5's column written and read back
        web.reconnect = .manual  // V8's
        web.keepalive = try Keepalive(interval: 0, countMax: 7)  // V7's columns
        try web.setMetricsInterval(3_600)
        // V6's rules, in order, with their enabled flags, bind addresses and IPv6 targets.
        web.forwards = [
            HostForward(rule: try ForwardRule(.local, parsing: "8080:localhost:80")),
            HostForward(rule: try ForwardRule(.remote, parsing: "[::1]:9000:[::1]:3000"), enabled: false),
            HostForward(rule: try ForwardRule(.dynamic, parsing: "*:1080")),
        ]
        var snippet = try XCTUnwrap(saved.snippet("uptime"))
        snippet.tags = []
        // db jumps through web: web may not jump through db, so drop that hop first.
        var db = try XCTUnwrap(saved.host("db"))
        db.jumpChain = [VaultFixture.bastionID]
        web.jumpChain = [VaultFixture.bastionID, VaultFixture.dbID]

        try await store.apply([.save(.host(db)), .save(.host(web)), .save(.snippet(snippet))])

        let snapshot = try await store.snapshot()
        XCTAssertEqual(snapshot.host("web-1"), web)
        XCTAssertNil(snapshot.host("web"))
        XCTAssertEqual(snapshot.host("db"), db)
        XCTAssertEqual(snapshot.snippet("uptime")?.tags, [])
        XCTAssertEqual(snapshot.hosts.count, 3)
        let history = try await store.connectionHistory(hostID: VaultFixture.webID)
        XCTAssertEqual(history.count, 2)
    }

    // MARK: Labels

    func testDuplicateLabelOfEachKindIsDuplicateLabelAndWritesNothing() async throws {
        try await saveFixtureRecords()
        let before = try await store.snapshot()
        let duplicates: [(VaultRecord, VaultRecordKind, String)] = [
            (.host(try Host(label: try label("web"), hostname: "elsewhere")), .host, "web"),
            (.identity(try Identity(label: try label("deploy"), username: "other")), .identity, "deploy"),
            (.key(SSHKey(
                label: try label("deploy-ed25519"), algorithm: .ed25519, bits: 256, publicKeyBlob: [1],
                privateKeySecretID: UUID(), isEncrypted: false)), .key, "deploy-ed25519"),
            (.snippet(Snippet(label: try label("uptime"), script: "w")), .snippet, "uptime"),
            (.template(Template(label: try label("triple"), layout: .pane(kind: .empty, hostID: nil))), .template, "triple"),
            (.knownHost(KnownHost(
                pattern: "*.example.net", keyType: "ssh-rsa", keyBlob: VaultFixture.rsaBlob, marker: .revoked)),
             .knownHost, "*.example.net ssh-rsa"),
        ]
        for (record, kind, label) in duplicates {
            // A fresh record first in the same batch: it must be rolled back with the rest.
            let fresh = VaultChange.save(.snippet(Snippet(label: try self.label("fresh-\(kind.rawValue)"), script: "true")))
            let violation = await expectRuleViolation { try await self.store.apply([fresh, .save(record)]) }
            let expected: VaultRuleViolation = kind == .knownHost
                ? .knownHostExists(pattern: "*.example.net", keyType: "ssh-rsa")
                : .duplicateLabel(kind: kind, label: label)
            XCTAssertEqual(violation, expected)
        }
        let after = try await store.snapshot()
        XCTAssertEqual(after, before)
    }

    func testSameKnownHostKeyWithAnotherMarkerIsADifferentRecord() async throws {
        try await saveFixtureRecords()
        let unrevoked = KnownHost(pattern: "*.example.net", keyType: "ssh-rsa", keyBlob: VaultFixture.rsaBlob)
        try await store.apply([.save(.knownHost(unrevoked))])
        let count = try await store.snapshot().knownHosts.filter { $0.pattern == "*.example.net" }.count
        XCTAssertEqual(count, 2)
    }

    // MARK: Removing

    func testRemovingAHostRemovesItsThreeHistoriesAndKeepsKnownHosts() async throws {
        try await saveFixtureRecords()
        for entry in VaultFixture.connections { try await store.record(entry) }
        for entry in VaultFixture.commands { try await store.record(entry) }
        for entry in VaultFixture.transfers { try await store.record(entry) }
        try await store.record(SFTPHistoryEntry(hostID: VaultFixture.dbID, path: "/srv", kind: .directory, visitedAt: vaultDate(1_764_600_000)))
        try await store.record(CommandHistoryEntry(hostID: VaultFixture.dbID, command: "ls", startedAt: vaultDate(1_764_600_001)))
        let saved = try await store.snapshot()
        var db = try XCTUnwrap(saved.host("db"))
        db.jumpChain = [VaultFixture.bastionID]  // db no longer jumps through web

        try await store.apply([.save(.host(db)), .remove(.host, id: VaultFixture.webID)])

        let snapshot = try await store.snapshot()
        XCTAssertNil(snapshot.host("web"))
        XCTAssertEqual(snapshot.knownHosts, VaultFixture.knownHosts.sorted { ($0.pattern, $0.keyType) < ($1.pattern, $1.keyType) })
        let connections = try await store.connectionHistory(hostID: nil)
        let commands = try await store.commandHistory(hostID: nil)
        let transfers = try await store.sftpHistory(hostID: nil)
        XCTAssertEqual(connections.map(\.hostID), [VaultFixture.dbID])
        XCTAssertEqual(commands.map(\.command), ["ls"])
        XCTAssertEqual(transfers.map(\.path), ["/srv"])
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readOnly)
        for table in ["host_jumps", "host_tags", "connection_history", "command_history", "sftp_history"] {
            XCTAssertTrue(
                try connection.query(sql: "SELECT 1 FROM \(table) WHERE host_id = ?", arguments: [.text(VaultFixture.webID.uuidString)]).isEmpty,
                "\(table) still has rows of the removed Host")
        }
    }

    func testRemovingAHostOthersJumpThroughIsRecordInUseNamingThem() async throws {
        try await saveFixtureRecords()

        let violation = await expectRuleViolation { try await self.store.apply([.remove(.host, id: VaultFixture.bastionID)]) }

        XCTAssertEqual(violation, .recordInUse(kind: .host, label: "bastion", usedBy: ["Host 'db'", "Host 'web'"]))
        let bastion = try await store.snapshot().host("bastion")
        XCTAssertNotNil(bastion)
    }

    func testRemovingAnIdentityInUseIsRecordInUseAndFailsAtTheDatabaseToo() async throws {
        try await saveFixtureRecords()

        let violation = await expectRuleViolation { try await self.store.apply([.remove(.identity, id: VaultFixture.deployID)]) }

        XCTAssertEqual(violation, .recordInUse(kind: .identity, label: "deploy", usedBy: ["Host 'bastion'", "Host 'web'"]))
        let deploy = try await store.snapshot().identity("deploy")
        XCTAssertNotNil(deploy)
        // Below the store: the schema itself refuses.
        let connection = try SQLiteConnection(path: home.databasePath)
        XCTAssertThrowsError(
            try connection.execute(sql: "DELETE FROM identities WHERE id = ?", arguments: [.text(VaultFixture.deployID.uuidString)])
        ) { error in
            XCTAssertEqual((error as? SQLiteError)?.extendedCode, .constraintForeignKey)
        }
    }

    func testRemovingAnIdentityAfterUnbindingItsHostsSucceeds() async throws {
        try await saveFixtureRecords()
        let snapshot = try await store.snapshot()
        let unbound = snapshot.hosts.filter { $0.identityID == VaultFixture.deployID }.map { host -> VaultChange in
            var host = host
            host.identityID = nil
            return .save(.host(host))
        }

        try await store.apply(unbound + [.remove(.identity, id: VaultFixture.deployID)])

        let after = try await store.snapshot()
        XCTAssertNil(after.identity("deploy"))
        XCTAssertEqual(after.host("web")?.identityID, nil)
    }

    func testRemovingAKeyInUseIsRecordInUseNamingTheIdentity() async throws {
        try await saveFixtureRecords()

        let violation = await expectRuleViolation { try await self.store.apply([.remove(.key, id: VaultFixture.keyID)]) }

        XCTAssertEqual(violation, .recordInUse(kind: .key, label: "deploy-ed25519", usedBy: ["Identity 'deploy'"]))
    }

    func testRemovingSnippetsTemplatesAndKnownHostsAndMissingIds() async throws {
        try await saveFixtureRecords()
        let revoked = VaultFixture.knownHosts[3]

        try await store.apply([
            .remove(.snippet, id: VaultFixture.snippetID), .remove(.template, id: VaultFixture.templateID),
            .remove(.knownHost, id: revoked.id), .remove(.host, id: UUID()),
        ])

        let snapshot = try await store.snapshot()
        XCTAssertTrue(snapshot.snippets.isEmpty)
        XCTAssertTrue(snapshot.templates.isEmpty)
        XCTAssertFalse(snapshot.knownHosts.contains(revoked))
        XCTAssertEqual(snapshot.knownHosts.count, VaultFixture.knownHosts.count - 1)
    }

    func testReferencesToMissingRecordsAreRefused() async throws {
        let ghost = UUID()
        let hostWithGhostHop = try Host(label: try label("web"), hostname: "web", jumpChain: [ghost])
        let hostWithGhostIdentity = try Host(label: try label("web"), hostname: "web", identityID: ghost)
        let identityWithGhostKey = try Identity(label: try label("deploy"), username: "deploy", keyID: ghost)

        let hop = await expectRuleViolation { try await self.store.apply([.save(.host(hostWithGhostHop))]) }
        let identity = await expectRuleViolation { try await self.store.apply([.save(.host(hostWithGhostIdentity))]) }
        let key = await expectRuleViolation { try await self.store.apply([.save(.identity(identityWithGhostKey))]) }
        let history = await expectRuleViolation {
            try await self.store.record(ConnectionHistoryEntry(hostID: ghost, kind: .ssh))
        }

        XCTAssertEqual(hop, .jumpHostMissing(host: "web", hop: ghost.uuidString))
        XCTAssertEqual(identity, .missingRecord(kind: .identity, label: ghost.uuidString))
        XCTAssertEqual(key, .missingRecord(kind: .key, label: ghost.uuidString))
        XCTAssertEqual(history, .missingRecord(kind: .host, label: ghost.uuidString))
        let snapshot = try await store.snapshot()
        XCTAssertEqual(snapshot, VaultSnapshot())
    }

    // MARK: Histories

    func testHistoriesComeBackNewestFirstAndByHost() async throws {
        try await saveFixtureRecords()
        for entry in VaultFixture.connections { try await store.record(entry) }
        for entry in VaultFixture.commands { try await store.record(entry) }
        for entry in VaultFixture.transfers { try await store.record(entry) }

        let all = try await store.connectionHistory(hostID: nil)
        let web = try await store.connectionHistory(hostID: VaultFixture.webID)
        let commands = try await store.commandHistory(hostID: VaultFixture.webID)
        let noCommands = try await store.commandHistory(hostID: VaultFixture.dbID)
        let transfers = try await store.sftpHistory(hostID: VaultFixture.webID)

        XCTAssertEqual(all, VaultFixture.connections.reversed())
        XCTAssertEqual(web, VaultFixture.connections.filter { $0.hostID == VaultFixture.webID }.reversed())
        XCTAssertEqual(commands, VaultFixture.commands.reversed())
        XCTAssertEqual(noCommands, [])
        XCTAssertEqual(transfers, VaultFixture.transfers.reversed())
    }

    func testCommandHistoryKeepsTheNewestThousandPerHost() async throws {
        try await saveFixtureRecords()
        let limit = SQLiteVaultStore.commandHistoryLimit
        XCTAssertEqual(limit, 1000)
        for index in 0..<(limit + 5) {
            try await store.record(CommandHistoryEntry(
                hostID: VaultFixture.webID, command: "echo \(index)", startedAt: vaultDate(1_764_000_000 + Double(index))))
        }
        for index in 0..<3 {
            try await store.record(CommandHistoryEntry(
                hostID: VaultFixture.dbID, command: "db \(index)", startedAt: vaultDate(1_700_000_000 + Double(index))))
        }
        // Older than everything kept: dropped as soon as it is recorded.
        try await store.record(CommandHistoryEntry(
            hostID: VaultFixture.webID, command: "ancient", startedAt: vaultDate(1_000_000_000)))

        let web = try await store.commandHistory(hostID: VaultFixture.webID)
        let db = try await store.commandHistory(hostID: VaultFixture.dbID)
        XCTAssertEqual(web.count, limit)
        XCTAssertEqual(web.first?.command, "echo \(limit + 4)")
        XCTAssertEqual(web.last?.command, "echo 5")
        XCTAssertFalse(web.contains { $0.command == "ancient" })
        XCTAssertEqual(db.map(\.command), ["db 2", "db 1", "db 0"])
    }
}
