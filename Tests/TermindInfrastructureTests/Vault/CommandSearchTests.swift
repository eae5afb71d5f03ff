import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

/// `SQLiteVaultStore.searchCommands` over the V4 FTS5 index, which triggers keep equal to the
/// command history through inserts, the per-Host cap and a Host's removal.
final class CommandSearchTests: XCTestCase {
    private var home: VaultTestHome!
    private var database: VaultDatabase!
    private var store: SQLiteVaultStore!

    override func setUp() async throws {
        home = try VaultTestHome(prefix: "termind-command-search")
        database = VaultDatabase(path: home.databasePath)
        store = SQLiteVaultStore(database: database)
        let secrets = VaultFixture.Secrets(
            password: UUID(uuidString: "5EC00000-0000-4000-8000-000000000001")!,
            privateKey: UUID(uuidString: "5EC00000-0000-4000-8000-000000000002")!,
            keyPassphrase: UUID(uuidString: "5EC00000-0000-4000-8000-000000000003")!)
        try await store.apply(try VaultFixture.records(secrets).map(VaultChange.save))
    }

    override func tearDown() async throws {
        await database.close()
        store = nil
        database = nil
        home = nil
    }

    private func record(_ command: String, on host: UUID = VaultFixture.webID, at second: Double, exit: Int32? = 0) async throws {
        try await store.record(CommandHistoryEntry(
            hostID: host, command: command, startedAt: vaultDate(1_764_000_000 + second), exitStatus: exit))
    }

    func testSearchFindsAnyPartOfACommandInAnyCaseNewestFirst() async throws {
        try await record("ssh-keygen -t ed25519", at: 1)
        try await record("ls -la /etc", at: 2)
        try await record("SSH-KEYSCAN example.org", at: 3, exit: 1)
        try await record("sudo ssh-keygen -R old", on: VaultFixture.dbID, at: 4)

        let everywhere = try await store.searchCommands(CommandHistoryQuery(text: "ssh-ke"))
        XCTAssertEqual(everywhere.map(\.command), ["sudo ssh-keygen -R old", "SSH-KEYSCAN example.org", "ssh-keygen -t ed25519"])
        let web = try await store.searchCommands(CommandHistoryQuery(hostID: VaultFixture.webID, text: "ssh-ke"))
        XCTAssertEqual(web.map(\.command), ["SSH-KEYSCAN example.org", "ssh-keygen -t ed25519"])
        let failed = try await store.searchCommands(CommandHistoryQuery(text: "ssh", failedOnly: true))
        XCTAssertEqual(failed.map(\.command), ["SSH-KEYSCAN example.org"])
        // Shorter than a trigram: still found, compared row by row.
        let short = try await store.searchCommands(CommandHistoryQuery(text: "LA"))
        XCTAssertEqual(short.map(\.command), ["ls -la /etc"])
        let limited = try await store.searchCommands(CommandHistoryQuery(limit: 2))
        XCTAssertEqual(limited.count, 2)
    }

    func testQuotesAndSearchSyntaxInTheTextAreSearchedLiterally() async throws {
        try await record(#"echo "a OR b" NEAR(x) *"#, at: 1)
        try await record("echo a", at: 2)
        let found = try await store.searchCommands(CommandHistoryQuery(text: #""a OR b" NEAR(x) *"#))
        XCTAssertEqual(found.map(\.command), [#"echo "a OR b" NEAR(x) *"#])
    }

    func testARowWhoseIdIsNotAUUIDIsReportedAsADamagedVaultNamingTheFile() async throws {
        try await record("echo fine", at: 1)
        await database.close()
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readWrite)
        try connection.execute(sql: """
            INSERT INTO command_history (id, host_id, command, started_at) VALUES
                ('C0330000-0000-4000-8000-00000000000G', '\(VaultFixture.webID.uuidString)', 'echo damaged', 1764000009)
            """)
        do {
            _ = try await store.searchCommands(CommandHistoryQuery(text: "echo"))
            XCTFail("a damaged id was read")
        } catch let error as VaultUnavailable {
            XCTAssertEqual(error.location, home.databasePath)
            XCTAssertTrue("\(error)".contains("not a UUID"), "\(error)")
        }
        let fine = try await store.searchCommands(CommandHistoryQuery(text: "fine"))
        XCTAssertEqual(fine.map(\.command), ["echo fine"])
        XCTAssertEqual(fine.first?.hostID, VaultFixture.webID)
    }

    func testRowsDroppedByTheCapOrWithTheirHostLeaveTheIndex() async throws {
        for index in 0..<(SQLiteVaultStore.commandHistoryLimit + 3) {
            try await record("deploy build-\(index)", at: Double(index))
        }
        try await record("deploy on db", on: VaultFixture.dbID, at: 5_000)
        let web = try await store.searchCommands(CommandHistoryQuery(hostID: VaultFixture.webID, text: "deploy", limit: 5_000))
        XCTAssertEqual(web.count, SQLiteVaultStore.commandHistoryLimit)
        // The three oldest went with the cap ("deploy build-0" is part of no other command).
        let oldest = try await store.searchCommands(CommandHistoryQuery(text: "deploy build-0"))
        let newest = try await store.searchCommands(CommandHistoryQuery(text: "build-1002"))
        XCTAssertEqual(oldest, [])
        XCTAssertEqual(newest.count, 1)

        try await store.apply([.remove(.host, id: VaultFixture.dbID)])
        let removed = try await store.searchCommands(CommandHistoryQuery(text: "deploy on db"))
        XCTAssertEqual(removed, [])
        await database.close()
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readOnly)
        let counts = try connection.query(sql: """
            SELECT (SELECT count(*) FROM command_search) AS indexed, (SELECT count(*) FROM command_history) AS stored
            """)[0]
        XCTAssertEqual(try counts.get("indexed", as: Int64.self), try counts.get("stored", as: Int64.self))
        XCTAssertEqual(try counts.get("stored", as: Int64.self), Int64(SQLiteVaultStore.commandHistoryLimit))
    }
}
