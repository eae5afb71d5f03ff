/// The hints MCP lets a tool give about itself (`annotations` in `tools/list`). Hints only:
/// an agent may use them to decide what to ask its person; Termind's own approval policy does
/// not trust an agent's reading of them.
public struct MCPToolAnnotations: Sendable, Equatable {
    public var readOnly: Bool
    public var destructive: Bool
    public var idempotent: Bool
    /// True when the tool reaches beyond Termind (a server's shell can touch anything).
    public var openWorld: Bool

    public init(readOnly: Bool, destructive: Bool, idempotent: Bool, openWorld: Bool) {
        (self.readOnly, self.destructive, self.idempotent, self.openWorld) = (readOnly, destructive, idempotent, openWorld)
    }

    func json(title: String) -> JSONValue {
        [
            "title": .string(title), "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(destructive),
            "idempotentHint": .bool(idempotent), "openWorldHint": .bool(openWorld),
        ]
    }
}
