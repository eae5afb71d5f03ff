import TermindApplication
import TermindDomain

/// `termind mcp policy`: every tool's default and the stored rules, per Host and tag.
struct MCPPolicyCommand: Command {
    static let definition = CommandDefinition(
        name: "policy", abstract: "Show what an agent may do: each tool's decision per Host or tag",
        discussion: """
            Each tool call is denied, asked (the person must approve it) or approved. A rule for
            the Host itself wins; else the strictest rule of the Host's tags; else the tool's
            default: approve for read-only tools (list_hosts, sftp_list, sftp_read, history_search), ask for the others (ssh_exec).
            An asked call waits for termind mcp approve ID (or deny) from any terminal, at most
            the agent's --approval-wait seconds, and is then denied.
            """,
        options: [.flag("json", help: "The defaults and rules as JSON")],
        examples: ["termind mcp policy", "termind mcp policy set ssh_exec --tag lab approve"])
    static let subcommands: [any Command.Type] = [MCPPolicySetCommand.self]

    let dataDirectory: String?
    let json: Bool

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        json = parsed.flag("json")
    }

    private struct Row: Encodable {
        let tool: String
        let scope: String
        let decision: String
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let vault = VaultAccess(context, dataDirectory: dataDirectory)
        let store = SQLiteMCPStoreAccess.store(vault)
        let snapshot = try await vault.store.snapshot()
        var rows = MCPToolCatalog.definitions(vault: vault.store).map { tool in
            Row(tool: tool.name, scope: "default", decision: MCPPolicy.defaultDecision(for: tool).rawValue)
        }
        for rule in try await store.rules() {
            let scope = switch rule.scope {
            case .host(let id): "host " + (snapshot.host(id: id)?.label.rawValue ?? id.uuidString)
            case .tag(let tag): "tag " + tag
            }
            rows.append(Row(tool: rule.tool, scope: scope, decision: rule.decision.rawValue))
        }
        if json {
            context.out(try JSONOutput.text(rows))
            return 0
        }
        var table = OutputTable("TOOL", "WHERE", "DECISION")
        for row in rows { table.add(context.shown(row.tool), context.shown(row.scope), row.decision) }
        context.out(table.text)
        return 0
    }
}
