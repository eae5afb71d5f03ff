/// An argument a tool cannot use: the message names it and says what it must be.
public struct MCPArgumentError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
