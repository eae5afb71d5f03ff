import Foundation

/// The MCP server's protocol: one JSON-RPC message in, at most one out (a notification gets
/// none). It knows no stdio and no sockets (the CLI reads lines and writes the answers), so
/// every rule here is tested with strings. Messages may be handled concurrently: a slow
/// `tools/call` does not hold up a `ping`; the actor keeps what `initialize` said.
public actor MCPServer {
    public struct Info: Sendable {
        public let name: String
        public let version: String
        public init(name: String, version: String) { (self.name, self.version) = (name, version) }
    }

    private let info: Info
    private let tools: [String: any MCPTool]
    private let order: [String]
    private let calls: MCPCallGate
    private let logger: any Logger
    /// The agent's name and version from `initialize`'s clientInfo (for the log and the audit).
    public private(set) var agent = "unknown agent"
    public private(set) var protocolVersion: String?
    /// The tool calls running, by request id: `notifications/cancelled` ends one.
    private var running: [JSONValue: Task<MCPToolResult, Never>] = [:]

    public init(info: Info, tools: [any MCPTool], calls: MCPCallGate, logger: any Logger) {
        self.info = info
        self.tools = Dictionary(tools.map { ($0.definition.name, $0) }, uniquingKeysWith: { first, _ in first })
        order = tools.map(\.definition.name)
        self.calls = calls
        self.logger = logger
    }

    /// Whether `line` is a `tools/call`, which may run alongside later messages; every other
    /// message is answered in order (so `initialize` is done before the calls after it).
    public nonisolated static func runsConcurrently(_ line: MCPLineReader.Line) -> Bool {
        guard case .message(let bytes) = line, let message = JSONValue.parse(bytes) else { return false }
        return message["method"] == "tools/call" && message["id"] != nil
    }

    /// The answer to one line of the transport, as one line of JSON text without its newline;
    /// nil for a notification or a response.
    public func handle(_ line: MCPLineReader.Line) async -> String? {
        guard case .message(let bytes) = line else {
            return Self.errorResponse(id: .null, .invalidRequest("the message is longer than the server reads (\(MCPLineReader.defaultLimit) bytes)"))
        }
        guard let message = JSONValue.parse(bytes) else {
            return Self.errorResponse(id: .null, .parse("the line is not JSON"))
        }
        guard case .object(let members) = message else {
            // JSON-RPC batches were removed from MCP in 2025-06-18.
            return Self.errorResponse(id: .null, .invalidRequest("a message is one JSON object"))
        }
        let id = members["id"]
        if let id, !Self.isValidID(id) {
            return Self.errorResponse(id: .null, .invalidRequest("'id' must be a string or an integer"))
        }
        guard members["jsonrpc"] == "2.0" else { return Self.errorResponse(id: id ?? .null, .invalidRequest("'jsonrpc' must be \"2.0\"")) }
        guard let method = members["method"]?.stringValue else {
            // A response to a request of ours (we send none) or nonsense: nothing to answer
            // but nonsense with an id.
            if members["result"] != nil || members["error"] != nil { return nil }
            return Self.errorResponse(id: id ?? .null, .invalidRequest("'method' is missing"))
        }
        let params = members["params"] ?? [:]
        guard case .object(let parameters) = params else {
            return id.map { Self.errorResponse(id: $0, .invalidParams("'params' must be an object")) }
        }
        guard let id else {
            notify(method, parameters)
            return nil
        }
        if method == "tools/call" {
            do {
                return try await callTool(id: id, parameters).map { Self.response(id: id, result: $0) }
            } catch {
                return Self.errorResponse(id: id, error)
            }
        }
        do {
            return Self.response(id: id, result: try await request(method, parameters))
        } catch {
            return Self.errorResponse(id: id, error)
        }
    }

    private func notify(_ method: String, _ parameters: [String: JSONValue]) {
        // Nothing is answered; a cancellation ends its call (an ssh_exec's command gets SIGTERM
        // as its channel closes) and that call is not answered either, as the protocol says.
        logger.log(.debug, "mcp: notification \(method.prefix(100))")
        if method == "notifications/cancelled", let id = parameters["requestId"], let call = running[id] {
            logger.log(.info, "mcp: the agent cancelled request \(MCPSummary.bounded(id.jsonText, limit: 40))")
            call.cancel()
        }
    }

    private func request(_ method: String, _ parameters: [String: JSONValue]) async throws(JSONRPCError) -> JSONValue {
        switch method {
        case "initialize": return initialize(parameters)
        case "ping": return [:]
        case "tools/list": return ["tools": .array(order.compactMap { tools[$0]?.definition.json })]
        default: throw .methodNotFound(method)
        }
    }

    private func initialize(_ parameters: [String: JSONValue]) -> JSONValue {
        let version = MCPProtocolVersion.negotiate(requested: parameters["protocolVersion"]?.stringValue)
        protocolVersion = version
        if let client = parameters["clientInfo"], let name = client["name"]?.stringValue {
            let version = client["version"]?.stringValue.map { " " + $0 } ?? ""
            agent = MCPSummary.bounded(name + version, limit: 100)
        }
        logger.log(.info, "mcp: \(agent) initialized, protocol \(version)")
        return [
            "protocolVersion": .string(version),
            "capabilities": ["tools": ["listChanged": false]],
            "serverInfo": ["name": .string(info.name), "title": "Termind", "version": .string(info.version)],
            "instructions": """
                Termind runs commands and reads files on the Hosts of the person's Vault. list_hosts names them; \
                every other tool takes a Host's label. Termind never asks you for passwords or host keys: \
                when a Host needs one, the tool says what the person must do.
                """,
        ]
    }

    /// The call's result, or nil when the agent cancelled it.
    private func callTool(id: JSONValue, _ parameters: [String: JSONValue]) async throws(JSONRPCError) -> JSONValue? {
        guard let name = parameters["name"]?.stringValue else { throw .invalidParams("'name' is missing") }
        guard let tool = tools[name] else { throw .invalidParams("unknown tool '\(MCPSummary.bounded(name, limit: 100))'") }
        let arguments: [String: JSONValue]
        switch parameters["arguments"] {
        case .none, .some(.null): arguments = [:]
        case .object(let members)?: arguments = members
        default: throw .invalidParams("'arguments' must be an object")
        }
        let call = MCPCall(agent: agent, tool: tool.definition, arguments: arguments)
        let calls = calls
        let task = Task { await calls.run(call) { await tool.call(MCPArguments(arguments)) } }
        running[id] = task
        let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        running[id] = nil
        // `.none`, not `nil`: JSONValue takes nil literals as JSON null.
        guard !task.isCancelled else { return JSONValue?.none }
        return result.json
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .integer: true
        default: false
        }
    }

    static func response(id: JSONValue, result: JSONValue) -> String {
        (["jsonrpc": "2.0", "id": id, "result": result] as JSONValue).jsonText
    }

    static func errorResponse(id: JSONValue, _ error: JSONRPCError) -> String {
        (["jsonrpc": "2.0", "id": id, "error": error.json] as JSONValue).jsonText
    }
}
