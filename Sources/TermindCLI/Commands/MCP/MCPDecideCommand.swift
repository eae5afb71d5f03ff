import TermindApplication

/// `termind mcp approve ID` and `termind mcp deny ID`: the person's answer to a waiting call.
protocol MCPDecideCommand: Command {
    static var approves: Bool { get }
    var dataDirectory: String? { get }
    var id: Int64 { get }
}

extension MCPDecideCommand {
    static func readID(_ parsed: ParsedCommandLine) throws(UsageError) -> Int64 {
        guard let text = parsed.argument("ID"), let id = Int64(text), id > 0 else {
            throw UsageError("ID is the number termind mcp approvals shows")
        }
        return id
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = SQLiteMCPStoreAccess.store(VaultAccess(context, dataDirectory: dataDirectory))
        guard try await store.decide(id, approve: Self.approves, by: "the person (termind mcp \(Self.approves ? "approve" : "deny"))")
        else {
            context.err("termind: no call \(id) is waiting (termind mcp approvals lists them; an unanswered call is denied after its wait)\n")
            return ExitCode.failure.rawValue
        }
        return 0
    }
}
