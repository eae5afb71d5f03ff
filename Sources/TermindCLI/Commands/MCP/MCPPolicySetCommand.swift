import TermindApplication
import TermindDomain

/// `termind mcp policy set TOOL --host H|--tag T deny|ask|approve`
struct MCPPolicySetCommand: Command {
    static let definition = CommandDefinition(
        name: "set", abstract: "Set a tool's decision on one Host or on every Host with a tag",
        arguments: [
            .init("TOOL", .text, help: "The tool: list_hosts, ssh_exec, sftp_list, sftp_read, history_search"),
            .init("DECISION", .choice(MCPDecision.allCases.map(\.rawValue)), help: "deny, ask or approve"),
        ],
        options: [
            .option("host", .host, valueName: "HOST", help: "The Vault Host the rule is for"),
            .option("tag", valueName: "TAG", help: "Every Host with this tag"),
        ],
        examples: ["termind mcp policy set ssh_exec --tag prod deny", "termind mcp policy set ssh_exec --host lab approve"])

    let dataDirectory: String?
    let tool: String
    let decision: MCPDecision
    let host: String?
    let tag: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        tool = parsed.argument("TOOL") ?? ""
        guard let decision = MCPDecision(rawValue: parsed.argument("DECISION") ?? "") else {
            throw UsageError("DECISION is deny, ask or approve")
        }
        self.decision = decision
        host = parsed.value("host")
        tag = parsed.value("tag")
        guard (host == nil) != (tag == nil) else { throw UsageError("give --host HOST or --tag TAG (one of them)") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let vault = VaultAccess(context, dataDirectory: dataDirectory)
        let known = MCPToolCatalog.definitions(vault: vault.store).map(\.name)
        guard known.contains(tool) else {
            context.err("termind: no tool '\(context.shownOnErr(tool))'; the tools are \(known.joined(separator: ", "))\n")
            return ExitCode.usage.rawValue
        }
        let scope: MCPPolicyRule.Scope
        if let host {
            guard let found = try await vault.store.snapshot().hosts.first(where: { $0.label.rawValue == host }) else {
                context.err("termind: no Host labelled '\(context.shownOnErr(host))' in the Vault\n")
                return ExitCode.failure.rawValue
            }
            scope = .host(found.id)
        } else {
            scope = .tag(tag ?? "")
        }
        try await SQLiteMCPStoreAccess.store(vault).set(MCPPolicyRule(tool: tool, scope: scope, decision: decision))
        return 0
    }
}
