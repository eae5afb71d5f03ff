import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class MCPCallGateTests: XCTestCase {
    private final class Rules: MCPPolicyStore, MCPAuditLog {
        let stored: Mutex<[MCPPolicyRule]>
        let audited = Mutex<[MCPAuditRecord]>([])
        let failsToRead: Bool
        init(_ rules: [MCPPolicyRule], failsToRead: Bool = false) {
            stored = Mutex(rules)
            self.failsToRead = failsToRead
        }
        func rules() throws -> [MCPPolicyRule] {
            if failsToRead { throw VaultUnavailable(location: "test", cause: .locked(seconds: 1)) }
            return stored.withLock { $0 }
        }
        func set(_ rule: MCPPolicyRule) { stored.withLock { $0.append(rule) } }
        func record(_ record: MCPAuditRecord) { audited.withLock { $0.append(record) } }
        func records(limit: Int) -> [MCPAuditRecord] { audited.withLock { Array($0.reversed().prefix(limit)) } }
    }

    /// The person, scripted: answers each request with `answer` (nil: never), noting them.
    private final class Person: MCPApprovals {
        let answerGiven: MCPApprovalAnswer?
        let requests = Mutex<[String]>([])
        let withdrawn = Mutex<[Int64]>([])
        init(_ answer: MCPApprovalAnswer?) { answerGiven = answer }
        func request(_ call: MCPCall, arguments: String, at time: Date) -> Int64 {
            requests.withLock { $0.append(arguments) }
            return 7
        }
        func answer(to id: Int64, within timeout: Duration) -> MCPApprovalAnswer? { answerGiven }
        func withdraw(_ id: Int64) -> MCPApprovalAnswer? {
            withdrawn.withLock { $0.append(id) }
            return nil
        }
        func pending() -> [MCPPendingApproval] { [] }
        func decide(_ id: Int64, approve: Bool, by person: String) -> Bool { false }
    }

    /// What a test counts: the tool's runs, the gate's waits.
    private final class Tally<Value: Sendable>: Sendable {
        private let value: Mutex<[Value]>
        init() { value = Mutex([]) }
        func add(_ item: Value) { value.withLock { $0.append(item) } }
        var items: [Value] { value.withLock { $0 } }
    }

    /// A tool that counts its runs.
    private struct CountingTool: MCPTool {
        let runs = Tally<Int>()
        let definition = MCPToolDefinition(
            name: "ssh_exec", title: "Run", description: "", inputSchema: ["type": "object"], outputSchema: ["type": "object"],
            annotations: MCPToolAnnotations(readOnly: false, destructive: true, idempotent: false, openWorld: true))
        func call(_ arguments: MCPArguments) async -> MCPToolResult {
            runs.add(1)
            return .success(["ok": true])
        }
    }

    private var web: TermindDomain.Host!
    private var vault: InMemoryVaultStore!

    override func setUpWithError() throws {
        web = try TermindDomain.Host(label: try Label("web"), hostname: "example.net", tags: ["prod"])
        vault = InMemoryVaultStore(VaultSnapshot(hosts: [web]))
    }

    private func call(
        _ rules: Rules, waited: Tally<Duration> = Tally(), person: Person? = nil, tool: CountingTool
    ) async throws -> JSONValue? {
        let gate = MCPCallGate(
            vault: vault, policy: rules, audit: rules, approvals: person, approvalWait: .seconds(30), wait: { duration in waited.add(duration) },
            logger: RecordingLogger())
        let server = MCPServer(info: .init(name: "t", version: "0"), tools: [tool], calls: gate, logger: RecordingLogger())
        let line = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ssh_exec","arguments":{"host":"web","command":"rm -rf /srv/x"}}}"#
        let answer = await server.handle(.message(Array(line.utf8)))
        return answer.flatMap { JSONValue.parse(Array($0.utf8)) }?["result"]
    }

    func testDenyRefusesWithoutRunningTheToolAndIsAudited() async throws {
        let rules = Rules([MCPPolicyRule(tool: "ssh_exec", scope: .tag("prod"), decision: .deny)])
        let tool = CountingTool()
        let result = try await call(rules, tool: tool)
        XCTAssertEqual(result?["isError"], true)
        XCTAssertEqual(tool.runs.items.count, 0)
        let row = try XCTUnwrap(rules.records(limit: 1).first)
        XCTAssertEqual(row.decision, .denied)
        XCTAssertEqual(row.host, "web")
        XCTAssertEqual(row.summary, "command=`rm …` host=web")
        XCTAssertEqual(row.argumentDigest.count, 64)
    }

    func testAskWithNoOneToAnswerWaitsTheApprovalWaitThenDenies() async throws {
        let waited = Tally<Duration>()
        let tool = CountingTool()
        let result = try await call(Rules([]), waited: waited, tool: tool)
        XCTAssertEqual(waited.items, [.seconds(30)])
        XCTAssertEqual(tool.runs.items.count, 0)
        guard case .string(let text)? = result?["content"].flatMap({ if case .array(let blocks) = $0 { blocks.first?["text"] } else { nil } }) else {
            return XCTFail("no text: \(String(describing: result))")
        }
        XCTAssertTrue(text.contains("needs the person's approval"), text)
        XCTAssertTrue(text.contains("termind mcp policy set ssh_exec --host web approve"), text)
    }

    func testApproveRunsTheTool() async throws {
        let tool = CountingTool()
        let rules = Rules([MCPPolicyRule(tool: "ssh_exec", scope: .host(web.id), decision: .approve)])
        let result = try await call(rules, tool: tool)
        XCTAssertEqual(result?["isError"], false)
        XCTAssertEqual(tool.runs.items.count, 1)
        XCTAssertEqual(rules.records(limit: 5).map(\.decision), [.approved])
    }

    func testAPolicyThatCannotBeReadDenies() async throws {
        let tool = CountingTool()
        let result = try await call(Rules([], failsToRead: true), tool: tool)
        XCTAssertEqual(result?["isError"], true)
        XCTAssertEqual(tool.runs.items.count, 0)
    }

    func testAskRunsTheToolOnlyWhenThePersonApprovesThisCallsExactArguments() async throws {
        let rules = Rules([])
        let yes = Person(.approved(by: "the person (termind mcp approve)"))
        let tool = CountingTool()
        let approved = try await call(rules, person: yes, tool: tool)
        XCTAssertEqual(approved?["isError"], false)
        XCTAssertEqual(tool.runs.items.count, 1)
        XCTAssertEqual(yes.requests.withLock { $0 }, [#"{"command":"rm -rf /srv/x","host":"web"}"#])
        XCTAssertEqual(rules.records(limit: 1).first?.decidedBy, "the person (termind mcp approve)")

        let no = Person(.denied(by: "the person (termind mcp deny)"))
        let denied = try await call(rules, person: no, tool: tool)
        XCTAssertEqual(denied?["isError"], true)
        XCTAssertEqual(tool.runs.items.count, 1)
        XCTAssertEqual(rules.records(limit: 1).first?.decision, .denied)

        let silent = Person(nil)
        let unanswered = try await call(rules, person: silent, tool: tool)
        XCTAssertEqual(unanswered?["isError"], true)
        XCTAssertEqual(tool.runs.items.count, 1)
        XCTAssertEqual(silent.withdrawn.withLock { $0 }, [7], "an unanswered request is withdrawn so a late approve finds nothing")
    }
}
