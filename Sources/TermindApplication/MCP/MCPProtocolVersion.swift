/// The MCP revisions `termind mcp` speaks through the `initialize` handshake, and the choice
/// among them (the specification's lifecycle: answer with the client's version when it is
/// supported, else with the newest; the client then decides whether to go on).
public enum MCPProtocolVersion {
    /// Oldest to newest: what the official SDKs negotiate by `initialize`. 2025-06-18 added
    /// structured tool output; earlier clients get it too and ignore it.
    public static let supported = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]

    public static var newest: String { supported[supported.count - 1] }

    public static func negotiate(requested: String?) -> String {
        guard let requested, supported.contains(requested) else { return newest }
        return requested
    }
}
