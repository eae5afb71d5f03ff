import Foundation
import TermindApplication

/// `termind mcp approvals [--json]`: the calls waiting for the person, with their exact
/// arguments.
struct MCPApprovalsCommand: Command {
    static let definition = CommandDefinition(
        name: "approvals", abstract: "List the agents' calls waiting for your approval",
        discussion: """
            A call the policy asks about waits here until it is approved or denied (termind mcp
            approve ID, termind mcp deny ID) or its agent's --approval-wait passes. Each shows the
            agent, the tool, the Host and the exact arguments; an approval is for that call alone:
            a call with other arguments waits on its own.
            """,
        options: [.flag("json", help: "The waiting calls as JSON")],
        examples: ["termind mcp approvals", "termind mcp approve 12"])

    let dataDirectory: String?
    let json: Bool

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        json = parsed.flag("json")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let waiting = try await SQLiteMCPStoreAccess.store(VaultAccess(context, dataDirectory: dataDirectory)).pending()
        if json {
            context.out(try JSONOutput.text(waiting))
            return 0
        }
        var table = OutputTable("ID", "AGENT", "TOOL", "HOST", "ARGUMENTS")
        for request in waiting {
            table.add(
                String(request.id), context.shown(request.agent), context.shown(request.tool), context.shown(request.host ?? "-"),
                context.shown(request.arguments))
        }
        context.out(table.text)
        return 0
    }
}
