/// A structure in SSH wire format (RFC 4251 §5) that ends early or holds an impossible value.
///
/// A plain value; `Sendable`. Says which field and at which offset, never the bytes themselves.
public struct SSHWireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being read: `string`, `uint32`, `mpint`, or a caller's field name.
    public let field: String
    /// Where, in bytes from the start of the structure.
    public let offset: Int
    /// What is wrong, e.g. "needs 32 bytes, 5 remain".
    public let problem: String

    public init(field: String, offset: Int, problem: String) {
        self.field = field
        self.offset = offset
        self.problem = problem
    }

    public var description: String { "\(field) at byte \(offset): \(problem)" }
}
