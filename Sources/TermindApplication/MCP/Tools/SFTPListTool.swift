import TermindDomain

/// `sftp_list`: a directory of a Vault Host over SFTP: each entry's name, kind, size, mode and
/// modification time, at most `limit` entries (the listing stops being read there, so a
/// directory of millions costs the server no more).
public struct SFTPListTool: MCPTool {
    private let hosts: MCPHostConnections

    public init(hosts: MCPHostConnections) { self.hosts = hosts }

    public static let defaultLimit = 1_000
    public static let maxLimit = 10_000

    public let definition = MCPToolDefinition(
        name: "sftp_list", title: "List a directory on a Host",
        description: "Lists a directory of a Host of the Vault over SFTP: name, kind (file, directory, symlink, other), size, mode, modified (Unix seconds). At most 'limit' entries (default 1000); 'truncated' says when there were more.",
        inputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string", "description": "The Host's label (list_hosts)"],
                "path": ["type": "string", "description": "The directory; relative paths start at the login directory (default '.')"],
                "limit": ["type": "integer", "minimum": 1, "maximum": 10000],
            ],
            "required": ["host"],
            "additionalProperties": false,
        ],
        outputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string"], "path": ["type": "string"],
                "entries": [
                    "type": "array",
                    "items": [
                        "type": "object",
                        "properties": [
                            "name": ["type": "string"], "kind": ["type": "string", "enum": ["file", "directory", "symlink", "other"]],
                            "size": ["type": ["integer", "null"]], "mode": ["type": ["string", "null"]],
                            "modified": ["type": ["integer", "null"]],
                        ],
                        "required": ["name", "kind", "size", "mode", "modified"],
                    ],
                ],
                "truncated": ["type": "boolean"],
            ],
            "required": ["host", "path", "entries", "truncated"],
        ],
        annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))

    private struct Full: Error {}

    public func call(_ arguments: MCPArguments) async -> MCPToolResult {
        let label: String, path: String, limit: Int
        do {
            label = try arguments.string("host", maxLength: 200)
            path = try arguments.optionalString("path") ?? "."
            limit = try arguments.integer("limit", in: 1...Self.maxLimit, default: Self.defaultLimit)
        } catch {
            return .failure(error.message)
        }
        let host: Host
        switch await hosts.host(label) {
        case .success(let found): host = found
        case .failure(let failure): return .failure(failure.message)
        }
        let listed = await hosts.with(host) { connection in
            let files = try await connection.openFileSystem()
            var entries: [RemoteFile] = []
            var truncated = false
            do {
                try await files.list(path) { part in
                    entries.append(contentsOf: part.prefix(limit - entries.count + 1))
                    if entries.count > limit { throw Full() }
                }
            } catch is Full {
                truncated = true
            } catch {
                await files.close()
                throw MCPToolFailure("Listing \(MCPSummary.bounded(path, limit: 200)) on \(label) failed: \(error)")
            }
            await files.close()
            return (Array(entries.prefix(limit)), truncated)
        }
        switch listed {
        case .failure(let failure): return .failure(failure.message)
        case .success(let (entries, truncated)):
            return .success([
                "host": .string(label), "path": .string(path), "truncated": .bool(truncated),
                "entries": .array(entries.map { file in
                    [
                        "name": .string(file.name), "kind": .string(Self.kind(file.kind)),
                        "size": file.attributes.size.map { .integer(Int64(clamping: $0)) } ?? .null,
                        "mode": file.attributes.permissions.map { .string(String($0, radix: 8)) } ?? .null,
                        "modified": file.attributes.modified.map(JSONValue.integer) ?? .null,
                    ]
                }),
            ])
        }
    }

    static func kind(_ kind: FileKind) -> String {
        switch kind {
        case .file: "file"
        case .directory: "directory"
        case .symlink: "symlink"
        case .other: "other"
        }
    }
}
