import Foundation
import TermindDomain

/// `history_search`: the commands a person ran on a Vault Host (the shell integration's
/// history), newest first, optionally only those containing `query`, at most `limit`. Read
/// from the Vault; connects nowhere.
public struct HistorySearchTool: MCPTool {
    private let vault: any VaultStore

    public init(vault: any VaultStore) { self.vault = vault }

    public static let defaultLimit = 50
    public static let maxLimit = 500

    public let definition = MCPToolDefinition(
        name: "history_search", title: "Search a Host's command history",
        description: "The commands run on a Host of the Vault in Termind's terminals, newest first: command, when (Unix seconds), exit status, duration, working directory. 'query' keeps those containing it; at most 'limit' (default 50, at most 500), each command cut at 4096 characters.",
        inputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string", "description": "The Host's label (list_hosts)"],
                "query": ["type": "string", "description": "Only commands containing this text"],
                "limit": ["type": "integer", "minimum": 1, "maximum": 500],
            ],
            "required": ["host"],
            "additionalProperties": false,
        ],
        outputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string"],
                "commands": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": [
                            "command": ["type": "string"], "startedAt": ["type": "number"],
                            "exitStatus": ["type": ["integer", "null"]], "durationSeconds": ["type": ["number", "null"]],
                            "workingDirectory": ["type": ["string", "null"]],
                        ],
                        "required": ["command", "startedAt", "exitStatus", "durationSeconds", "workingDirectory"],
                    ],
                ],
                "truncated": ["type": "boolean"],
            ],
            "required": ["host", "commands", "truncated"],
        ],
        annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))

    public func call(_ arguments: MCPArguments) async -> MCPToolResult {
        let label: String, query: String?, limit: Int
        do {
            label = try arguments.string("host", maxLength: 200)
            query = try arguments.optionalString("query", maxLength: 1000)
            limit = try arguments.integer("limit", in: 1...Self.maxLimit, default: Self.defaultLimit)
        } catch {
            return .failure(error.message)
        }
        let entries: [CommandHistoryEntry]
        do {
            guard let host = try await vault.snapshot().hosts.first(where: { $0.label.rawValue == label }) else {
                return .failure("No Host labelled '\(MCPSummary.bounded(label, limit: 100))' in the Vault (list_hosts names them).")
            }
            entries = try await vault.commandHistory(hostID: host.id)
        } catch {
            return .failure("The Vault could not be read: \(error)")
        }
        let matching = entries.filter { entry in query.map { $0.isEmpty || entry.command.contains($0) } ?? true }
        return .success([
            "host": .string(label), "truncated": .bool(matching.count > limit),
            "commands": .array(matching.prefix(limit).map { entry in
                [
                    "command": .string(String(entry.command.prefix(4096))),
                    "startedAt": .number(entry.startedAt.timeIntervalSince1970),
                    "exitStatus": entry.exitStatus.map { .integer(Int64($0)) } ?? .null,
                    "durationSeconds": entry.duration.map(JSONValue.number) ?? .null,
                    "workingDirectory": entry.workingDirectory.map(JSONValue.string) ?? .null,
                ]
            }),
        ])
    }
}
