/// Why a server's metrics text could not be read, naming the part and what was wrong.
public struct MetricsParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }

    static func missing(_ section: String) -> MetricsParseError {
        MetricsParseError("the server's metrics sample has no usable \(section)")
    }
}
