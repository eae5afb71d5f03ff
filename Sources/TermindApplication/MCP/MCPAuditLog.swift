/// Where `termind mcp` records each tool call (the Vault's SQLite in the product).
public protocol MCPAuditLog: Sendable {
    func record(_ record: MCPAuditRecord) async throws
    /// Newest first, at most `limit`.
    func records(limit: Int) async throws -> [MCPAuditRecord]
}
