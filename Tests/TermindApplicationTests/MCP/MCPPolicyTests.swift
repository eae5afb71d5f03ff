import Foundation
import TermindApplication
import TermindDomain
import XCTest

final class MCPPolicyTests: XCTestCase {
    private let exec = MCPToolDefinition(
        name: "ssh_exec", title: "", description: "", inputSchema: [:], outputSchema: [:],
        annotations: MCPToolAnnotations(readOnly: false, destructive: true, idempotent: false, openWorld: true))
    private let list = MCPToolDefinition(
        name: "list_hosts", title: "", description: "", inputSchema: [:], outputSchema: [:],
        annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))

    private func host(_ label: String, tags: [String]) throws -> TermindDomain.Host {
        try TermindDomain.Host(label: try Label(label), hostname: "example.net", tags: tags)
    }

    func testReadOnlyToolsDefaultToApproveAndOthersToAsk() throws {
        let web = try host("web", tags: [])
        XCTAssertEqual(MCPPolicy.decide(list, on: web, rules: []), .approve)
        XCTAssertEqual(MCPPolicy.decide(exec, on: web, rules: []), .ask)
    }

    func testTheHostsOwnRuleWinsOverItsTagsAndTheStrictestTagWinsOverTheOthers() throws {
        let web = try host("web", tags: ["lab", "prod"])
        let tags = [
            MCPPolicyRule(tool: "ssh_exec", scope: .tag("lab"), decision: .approve),
            MCPPolicyRule(tool: "ssh_exec", scope: .tag("prod"), decision: .deny),
            MCPPolicyRule(tool: "list_hosts", scope: .tag("prod"), decision: .ask),
        ]
        XCTAssertEqual(MCPPolicy.decide(exec, on: web, rules: tags), .deny)
        XCTAssertEqual(MCPPolicy.decide(list, on: web, rules: tags), .ask)
        let own = tags + [MCPPolicyRule(tool: "ssh_exec", scope: .host(web.id), decision: .approve)]
        XCTAssertEqual(MCPPolicy.decide(exec, on: web, rules: own), .approve)
        // Another Host's rule is not this one's.
        let other = try host("db", tags: [])
        XCTAssertEqual(MCPPolicy.decide(exec, on: other, rules: own), .ask)
    }
}
