/// What `tools/list` says of one tool: its name, what it does, the JSON Schemas of its
/// arguments and of its structured result, and its hints.
public struct MCPToolDefinition: Sendable {
    public let name: String
    public let title: String
    public let description: String
    public let inputSchema: JSONValue
    public let outputSchema: JSONValue
    public let annotations: MCPToolAnnotations

    public init(
        name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue,
        annotations: MCPToolAnnotations
    ) {
        (self.name, self.title, self.description) = (name, title, description)
        (self.inputSchema, self.outputSchema, self.annotations) = (inputSchema, outputSchema, annotations)
    }

    var json: JSONValue {
        [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": inputSchema, "outputSchema": outputSchema, "annotations": annotations.json(title: title),
        ]
    }
}
