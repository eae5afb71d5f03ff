/// A `tools/call`'s arguments, read with the checks every tool needs: the type each schema
/// promises, lengths, ranges. An agent is not trusted to have read the schema.
public struct MCPArguments: Sendable {
    public let values: [String: JSONValue]

    public init(_ values: [String: JSONValue]) { self.values = values }

    public func string(_ name: String, maxLength: Int = 4096) throws(MCPArgumentError) -> String {
        guard let value = try optionalString(name, maxLength: maxLength) else { throw MCPArgumentError("'\(name)' is required") }
        return value
    }

    public func optionalString(_ name: String, maxLength: Int = 4096) throws(MCPArgumentError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard case .string(let text) = value else { throw MCPArgumentError("'\(name)' must be a string") }
        guard text.utf8.count <= maxLength else { throw MCPArgumentError("'\(name)' is longer than \(maxLength) bytes") }
        return text
    }

    public func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(MCPArgumentError) -> Int {
        guard let value = values[name], value != .null else { return fallback }
        guard let number = value.integerValue, let integer = Int(exactly: number), range.contains(integer) else {
            throw MCPArgumentError("'\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    public func bool(_ name: String, default fallback: Bool) throws(MCPArgumentError) -> Bool {
        guard let value = values[name], value != .null else { return fallback }
        guard case .bool(let flag) = value else { throw MCPArgumentError("'\(name)' must be true or false") }
        return flag
    }
}
