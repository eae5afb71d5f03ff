/// A JSON-RPC 2.0 error object: the standard codes the MCP stdio server answers with.
public struct JSONRPCError: Error, Sendable, Equatable {
    public let code: Int
    public let message: String

    public init(code: Int, message: String) { (self.code, self.message) = (code, message) }

    public static func parse(_ detail: String) -> JSONRPCError { JSONRPCError(code: -32700, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32600, message: "Invalid Request: \(detail)")
    }
    public static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "Method not found: \(method.prefix(100))")
    }
    public static func invalidParams(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32602, message: "Invalid params: \(detail)")
    }

    var json: JSONValue { ["code": .integer(Int64(code)), "message": .string(message)] }
}
