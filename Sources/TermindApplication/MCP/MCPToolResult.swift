/// A tool's answer to `tools/call`: its structured content (matching the tool's output
/// schema) with the same as JSON text for clients that read only text, or a failure the agent
/// can show (`isError`: a tool execution error, not a protocol error, so the model sees it).
public struct MCPToolResult: Sendable, Equatable {
    public let structured: JSONValue?
    public let text: String
    public let isError: Bool

    public static func success(_ structured: JSONValue) -> MCPToolResult {
        MCPToolResult(structured: structured, text: structured.jsonText, isError: false)
    }

    /// `message` says what failed and what the person can do; never a secret.
    public static func failure(_ message: String) -> MCPToolResult {
        MCPToolResult(structured: nil, text: message, isError: true)
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "content": [["type": "text", "text": .string(text)]], "isError": .bool(isError),
        ]
        if let structured { members["structuredContent"] = structured }
        return .object(members)
    }
}
