/// One tool `termind mcp` offers an agent, over the Application's use cases and ports.
/// Calls may run concurrently; a tool holds no state between them.
public protocol MCPTool: Sendable {
    var definition: MCPToolDefinition { get }
    /// Runs the call. Bad arguments and every failure come back as `.failure`, never thrown:
    /// the agent's model reads them and can correct itself.
    func call(_ arguments: MCPArguments) async -> MCPToolResult
}
