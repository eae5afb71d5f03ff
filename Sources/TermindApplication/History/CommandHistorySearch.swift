import TermindDomain

/// The port to search the command history (an FTS5 index in the Vault).
public protocol CommandHistorySearch: Sendable {
    func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry]
}
