/// A tool's failure as the agent reads it: what failed and what the person can do.
public struct MCPToolFailure: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
