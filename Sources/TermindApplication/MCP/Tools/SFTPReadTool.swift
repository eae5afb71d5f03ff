import Foundation
import TermindDomain

/// `sftp_read`: the start of a file on a Vault Host (from `offset`, at most `maxBytes`, 64 KiB
/// unless asked for less or up to 1 MiB), as text when it is UTF-8, else as base64. Reads
/// only what it returns.
public struct SFTPReadTool: MCPTool {
    private let hosts: MCPHostConnections

    public init(hosts: MCPHostConnections) { self.hosts = hosts }

    public static let defaultBytes = 64 * 1024
    public static let maxBytes = 1024 * 1024

    public let definition = MCPToolDefinition(
        name: "sftp_read", title: "Read a file on a Host",
        description: "Reads a file of a Host of the Vault over SFTP, from 'offset', at most 'maxBytes' (default 65536, at most 1048576). 'encoding' is 'utf8' when the bytes are UTF-8 text, else 'base64'; 'truncated' says the file goes on.",
        inputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string", "description": "The Host's label (list_hosts)"],
                "path": ["type": "string", "description": "The file"],
                "offset": ["type": "integer", "minimum": 0],
                "maxBytes": ["type": "integer", "minimum": 1, "maximum": 1_048_576],
            ],
            "required": ["host", "path"],
            "additionalProperties": false,
        ],
        outputSchema: [
            "type": "object",
            "properties": [
                "host": ["type": "string"], "path": ["type": "string"],
                "encoding": ["type": "string", "enum": ["utf8", "base64"]], "content": ["type": "string"],
                "bytes": ["type": "integer"], "size": ["type": ["integer", "null"]], "truncated": ["type": "boolean"],
            ],
            "required": ["host", "path", "encoding", "content", "bytes", "size", "truncated"],
        ],
        annotations: MCPToolAnnotations(readOnly: true, destructive: false, idempotent: true, openWorld: false))

    public func call(_ arguments: MCPArguments) async -> MCPToolResult {
        let label: String, path: String, offset: Int, count: Int
        do {
            label = try arguments.string("host", maxLength: 200)
            path = try arguments.string("path")
            offset = try arguments.integer("offset", in: 0...(1 << 53), default: 0)
            count = try arguments.integer("maxBytes", in: 1...Self.maxBytes, default: Self.defaultBytes)
        } catch {
            return .failure(error.message)
        }
        let host: Host
        switch await hosts.host(label) {
        case .success(let found): host = found
        case .failure(let failure): return .failure(failure.message)
        }
        let shownPath = MCPSummary.bounded(path, limit: 200)
        let read = await hosts.with(host) { connection in
            let files = try await connection.openFileSystem()
            do {
                let file = try await files.stat(path)
                guard file.kind == .file else { throw MCPToolFailure("\(shownPath) on \(label) is not a regular file") }
                let reader = try await files.openForReading(path)
                var bytes: [UInt8] = []
                // One byte past the bound tells whether the file goes on.
                while bytes.count < count + 1 {
                    let chunk = try await reader.read(
                        at: UInt64(offset + bytes.count), count: min(reader.preferredChunkSize, count + 1 - bytes.count))
                    if chunk.isEmpty { break }
                    bytes += chunk
                }
                try? await reader.close()
                await files.close()
                return (bytes, file.attributes.size)
            } catch let failure as MCPToolFailure {
                await files.close()
                throw failure
            } catch {
                await files.close()
                throw MCPToolFailure("Reading \(shownPath) on \(label) failed: \(error)")
            }
        }
        switch read {
        case .failure(let failure): return .failure(failure.message)
        case .success(let (bytes, size)):
            let kept = Array(bytes.prefix(count))
            let text = String(validating: kept, as: UTF8.self)
            return .success([
                "host": .string(label), "path": .string(path),
                "encoding": .string(text == nil ? "base64" : "utf8"),
                "content": .string(text ?? Data(kept).base64EncodedString()),
                "bytes": .integer(Int64(kept.count)), "size": size.map { .integer(Int64(clamping: $0)) } ?? .null,
                "truncated": .bool(bytes.count > count),
            ])
        }
    }
}
