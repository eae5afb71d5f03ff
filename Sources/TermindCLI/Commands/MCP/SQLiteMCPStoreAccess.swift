import TermindInfrastructure

/// The MCP policy and audit store over a command's Vault.
enum SQLiteMCPStoreAccess {
    static func store(_ vault: VaultAccess) -> SQLiteMCPStore { SQLiteMCPStore(database: vault.services.database, databasePath: vault.paths.databaseFile) }
}
