import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class HistorySearchToolTests: XCTestCase {
    func testNewestFirstFilteredAndBoundedWithTheCutMarked() async throws {
        let web = try TermindDomain.Host(label: try Label("web"), hostname: "example.net")
        let vault = InMemoryVaultStore(VaultSnapshot(hosts: [web]))
        for (index, command) in ["ls", "git status", "git log", "make"].enumerated() {
            try await vault.record(CommandHistoryEntry(
                hostID: web.id, command: command, startedAt: Date(timeIntervalSince1970: 100 + Double(index)), exitStatus: 0))
        }
        let tool = HistorySearchTool(vault: vault)
        let result = await tool.call(MCPArguments(["host": "web", "query": "git", "limit": 1]))
        XCTAssertFalse(result.isError, result.text)
        XCTAssertEqual(result.structured?["truncated"], true)
        guard case .array(let commands)? = result.structured?["commands"] else { return XCTFail(result.text) }
        XCTAssertEqual(commands.map { $0["command"] }, ["git log"])

        let unknown = await tool.call(MCPArguments(["host": "db"]))
        XCTAssertTrue(unknown.isError)
    }
}
