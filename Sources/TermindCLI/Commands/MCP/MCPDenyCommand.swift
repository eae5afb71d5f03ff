/// `termind mcp deny ID`
struct MCPDenyCommand: MCPDecideCommand {
    static let definition = CommandDefinition(
        name: "deny", abstract: "Refuse one waiting call of an agent",
        arguments: [.init("ID", .text, help: "The call's number in termind mcp approvals")],
        examples: ["termind mcp deny 12"])
    static let approves = false
    let dataDirectory: String?
    let id: Int64

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        dataDirectory = parsed.value("data-dir")
        id = try Self.readID(parsed)
    }
}
