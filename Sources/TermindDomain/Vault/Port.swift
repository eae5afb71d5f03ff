/// A TCP port a Host listens on: 1–65535 (22 by default).
public struct Port: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public static let ssh = Port(checked: 22)

    public init(_ value: Int) throws(VaultRuleViolation) {
        guard (1...65535).contains(value) else { throw .invalidPort(value) }
        rawValue = value
    }

    private init(checked value: Int) { rawValue = value }

    public init(from decoder: any Decoder) throws {
        self = try Port(try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { String(rawValue) }
}
