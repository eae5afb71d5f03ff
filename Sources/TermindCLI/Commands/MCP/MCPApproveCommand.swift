/// `termind mcp approve ID`
struct MCPApproveCommand: MCPDecideCommand {
    static let definition = CommandDefinition(
        name: "approve", abstract: "Let one waiting call of an agent run",
        arguments: [.init("ID", .text, help: "The call's number in termind mcp approvals")],
        examples: ["termind mcp approve 12"])
    static let approves = true
    let dataDirectory: String?
    let id: Int64

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        id = try Self.readID(parsed)
    }
}
