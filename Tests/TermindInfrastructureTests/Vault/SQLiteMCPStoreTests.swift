import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

final class SQLiteMCPStoreTests: XCTestCase {
    private var home: VaultTestHome!
    private var database: VaultDatabase!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-mcp-store")
        database = VaultDatabase(path: home.databasePath)
    }

    override func tearDown() async throws {
        await database.close()
        database = nil
        home = nil
    }

    func testRulesAreSetReplacedAndRemovedWithTheirHost() async throws {
        let vault = SQLiteVaultStore(database: database)
        let web = try Host(label: try Label("web"), hostname: "example.net")
        try await vault.apply([.save(.host(web))])
        let store = SQLiteMCPStore(database: database)
        try await store.set(MCPPolicyRule(tool: "ssh_exec", scope: .tag("prod"), decision: .deny))
        try await store.set(MCPPolicyRule(tool: "ssh_exec", scope: .host(web.id), decision: .ask))
        try await store.set(MCPPolicyRule(tool: "ssh_exec", scope: .host(web.id), decision: .approve))
        let rules = try await store.rules()
        XCTAssertEqual(rules.count, 2)
        XCTAssertTrue(rules.contains(MCPPolicyRule(tool: "ssh_exec", scope: .host(web.id), decision: .approve)))

        try await vault.apply([.remove(.host, id: web.id)])
        let left = try await store.rules()
        XCTAssertEqual(left, [MCPPolicyRule(tool: "ssh_exec", scope: .tag("prod"), decision: .deny)])
    }

    func testAuditRowsComeBackNewestFirst() async throws {
        let store = SQLiteMCPStore(database: database)
        for (index, tool) in ["list_hosts", "ssh_exec"].enumerated() {
            try await store.record(MCPAuditRecord(
                time: Date(timeIntervalSince1970: 1_000 + Double(index)), agent: "agent 1", tool: tool, host: index == 0 ? nil : "web",
                argumentDigest: String(repeating: "a", count: 64), summary: "host=web", decision: index == 0 ? .approved : .denied,
                decidedBy: "policy", outcome: "ok", bytes: 12))
        }
        let rows = try await store.records(limit: 10)
        XCTAssertEqual(rows.map(\.tool), ["ssh_exec", "list_hosts"])
        XCTAssertEqual(rows.first?.decision, .denied)
        XCTAssertEqual(rows.last?.host, nil)
        let newest = try await store.records(limit: 1)
        XCTAssertEqual(newest.count, 1)
    }

    /// Another process (another database connection) answers; the wait wakes on its write.
    func testAnAnswerFromAnotherConnectionEndsTheWaitAndBindsToThatRequestAlone() async throws {
        let store = SQLiteMCPStore(database: database, databasePath: home.databasePath)
        let tool = MCPToolDefinition(
            name: "ssh_exec", title: "", description: "", inputSchema: [:], outputSchema: [:],
            annotations: MCPToolAnnotations(readOnly: false, destructive: true, idempotent: false, openWorld: true))
        let call = MCPCall(agent: "agent", tool: tool, arguments: ["host": "web", "command": "uptime"])
        let id = try await store.request(call, arguments: call.argumentsText, at: Date())
        let other = try await store.request(call, arguments: call.argumentsText, at: Date())
        let waiting = try await store.pending()
        XCTAssertEqual(waiting.map(\.id), [id, other])
        XCTAssertEqual(waiting.first?.arguments, #"{"command":"uptime","host":"web"}"#)

        let elsewhere = VaultDatabase(path: home.databasePath)
        let answering = Task {
            try await SQLiteMCPStore(database: elsewhere).decide(id, approve: true, by: "the person")
        }
        // Well within the wait: the answer ends it, not the deadline.
        let started = ContinuousClock.now
        let answer = try await store.answer(to: id, within: .seconds(60))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30))
        XCTAssertEqual(answer, .approved(by: "the person"))
        let decided = try await answering.value
        XCTAssertTrue(decided)
        // A request made after an answer is seen by the other connection too.
        let third = try await store.request(call, arguments: call.argumentsText, at: Date())
        let seenElsewhere = try await SQLiteMCPStore(database: elsewhere).pending()
        XCTAssertEqual(seenElsewhere.map(\.id), [other, third])
        _ = try await store.withdraw(third)
        await elsewhere.close()

        // Answered once; the other request still waits, and withdrawing it leaves nothing to approve.
        let again = try await store.decide(id, approve: false, by: "someone")
        XCTAssertFalse(again)
        let left = try await store.pending()
        XCTAssertEqual(left.map(\.id), [other])
        let withdrawn = try await store.withdraw(other)
        XCTAssertNil(withdrawn)
        let late = try await store.decide(other, approve: true, by: "late")
        XCTAssertFalse(late)
        let none = try await store.answer(to: other, within: .zero)
        XCTAssertNil(none)
    }
}
