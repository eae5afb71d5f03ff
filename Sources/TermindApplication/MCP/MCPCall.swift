import TermindDomain

/// One `tools/call` as the gate sees it before it runs: who asks, which tool, on which Host,
/// and the arguments' digest (the exact arguments: an approval or an audit row is bound to
/// them) with a summary that holds no secret.
public struct MCPCall: Sendable {
    public let agent: String
    public let tool: MCPToolDefinition
    /// The `host` argument as given (a Vault label, if the agent read list_hosts).
    public let host: String?
    /// SHA-256 of the arguments as canonical JSON (sorted keys), hexadecimal.
    public let argumentDigest: String
    public let summary: String
    /// The exact arguments as canonical JSON: shown to the person asked, never logged.
    public let argumentsText: String

    public init(agent: String, tool: MCPToolDefinition, arguments: [String: JSONValue]) {
        self.agent = agent
        self.tool = tool
        host = arguments["host"]?.stringValue
        argumentsText = JSONValue.object(arguments).jsonText
        argumentDigest = ContentDigest.hex(of: Array(argumentsText.utf8))
        summary = MCPSummary.of(arguments)
    }

    /// `host` for messages, the log and the audit: bounded, control characters escaped.
    public var shownHost: String? { host.map { MCPSummary.bounded($0, limit: 100) } }
}
