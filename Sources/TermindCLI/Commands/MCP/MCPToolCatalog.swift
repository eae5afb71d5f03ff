import TermindApplication

/// The tools `termind mcp` offers, built over the Vault and the connections: the one list
/// the server, `mcp policy` and the docs read.
enum MCPToolCatalog {
    static func tools(vault: any VaultStore, hosts: MCPHostConnections) -> [any MCPTool] {
        [ListHostsTool(vault: vault), SSHExecTool(hosts: hosts), SFTPListTool(hosts: hosts), SFTPReadTool(hosts: hosts), HistorySearchTool(vault: vault)]
    }

    /// The definitions alone (for `mcp policy`, which connects nowhere).
    static func definitions(vault: any VaultStore) -> [MCPToolDefinition] {
        let hosts = MCPHostConnections(vault: vault) { label in
            throw MCPToolFailure("\(label): mcp policy connects nowhere")
        }
        return tools(vault: vault, hosts: hosts).map(\.definition)
    }
}
