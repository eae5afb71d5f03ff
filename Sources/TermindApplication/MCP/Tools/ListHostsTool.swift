import TermindDomain

/// `list_hosts`: the Vault's Hosts as an agent may see them: label, tags, address, user and
/// jump Hosts. Never an Identity's secrets, a key or a note (notes may hold anything).
public struct ListHostsTool: MCPTool {
    private let vault: any VaultStore

    public init(vault: any VaultStore) { self.vault = vault }

    public let definition = MCPToolDefinition(
        name: "list_hosts", title: "List Hosts",
        description: "The Hosts of the person's Termind Vault: label, tags, address, user. Other tools take a label.",
        inputSchema: [
            "type": "object",
            "properties": ["tag": ["type": "string", "description": "Only Hosts with this tag"]],
            "additionalProperties": false,
        ],
        outputSchema: [
            "type": "object",
            "properties": [
                "hosts": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": [
                            "label": ["type": "string"], "hostname": ["type": "string"], "port": ["type": "integer"],
                            "user": ["type": ["string", "null"]], "tags": ["type": "array", "items": ["type": "string"]],
                            "jumps": ["type": "array", "items": ["type": "string"]],
                        ],
                        "required": ["label", "hostname", "port", "user", "tags", "jumps"],
                    ],
                ]
            ],
            "required": ["hosts"],
        ],
        annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))

    public func call(_ arguments: MCPArguments) async -> MCPToolResult {
        let tag: String?
        do { tag = try arguments.optionalString("tag", maxLength: 200) } catch { return .failure(error.message) }
        let snapshot: VaultSnapshot
        do { snapshot = try await vault.snapshot() } catch { return .failure("The Vault could not be read: \(error)") }
        let hosts: [JSONValue] = snapshot.hosts
            .filter { host in tag.map { host.tags.contains($0) } ?? true }
            .sorted { $0.label < $1.label }
            .map { host in
                let user = host.username ?? host.identityID.flatMap { snapshot.identity(id: $0)?.username }
                return [
                    "label": .string(host.label.rawValue), "hostname": .string(host.hostname), "port": .integer(Int64(host.port.rawValue)),
                    "user": user.map(JSONValue.string) ?? .null, "tags": .array(host.tags.map(JSONValue.string)),
                    "jumps": .array(host.jumpChain.compactMap { snapshot.host(id: $0)?.label.rawValue }.map(JSONValue.string)),
                ]
            }
        return .success(["hosts": .array(hosts)])
    }
}
