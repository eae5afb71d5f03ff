import Foundation
import TermindApplication

/// `termind mcp audit [--json] [--limit N]`: the agents' tool calls, newest first.
struct MCPAuditCommand: Command {
    static let definition = CommandDefinition(
        name: "audit", abstract: "List the tool calls agents made, newest first",
        discussion: """
            One row per call: when, which agent (as it named itself), the tool, the Host, the
            decision and who made it, the outcome and the bytes returned, a summary of the
            arguments (a command's first word only, never its arguments or input) and the
            SHA-256 of the exact arguments.
            """,
        options: [
            .flag("json", help: "The rows as JSON"),
            .option("limit", .integer(1...100_000), valueName: "N", help: "At most N rows (default 100)"),
        ],
        examples: ["termind mcp audit", "termind mcp audit --json --limit 10"])

    let dataDirectory: String?
    let json: Bool
    let limit: Int

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        json = parsed.flag("json")
        limit = parsed.integer("limit") ?? 100
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let records = try await SQLiteMCPStoreAccess.store(VaultAccess(context, dataDirectory: dataDirectory)).records(limit: limit)
        if json {
            context.out(try JSONOutput.text(records))
            return 0
        }
        var table = OutputTable("TIME", "AGENT", "TOOL", "HOST", "DECISION", "BY", "OUTCOME", "BYTES", "ARGUMENTS")
        let format = ISO8601DateFormatter()
        for record in records {
            table.add(
                format.string(from: record.time), context.shown(record.agent), record.tool, context.shown(record.host ?? "-"),
                record.decision.rawValue, context.shown(record.decidedBy), context.shown(record.outcome), String(record.bytes),
                context.shown(record.summary))
        }
        context.out(table.text)
        return 0
    }
}
